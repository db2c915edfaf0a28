import { conflictEvidence } from '../../common/domain/conflicts';
import { fatigueSince, isoDate } from '../../common/domain/shortlist';
import { DeskError } from '../../common/errors';
import type { HandlerMap } from '../router';
import { ownManuscript, ownRun, type CoreContext } from './context';
import { fatigueOf } from './shortlist';

type Channels = 'candidates.query' | 'candidates.compare' | 'candidates.author' | 'candidates.evidence' | 'journals.get';

export function candidateHandlers(ctx: CoreContext): HandlerMap<Channels> {
  const pid = () => ctx.workspace().profileId;
  return {
    'candidates.query': ({ runId, query }) => {
      ownRun(ctx, runId);
      if (query.hideBusy !== true) return ctx.cache.candidates.query(runId, query);
      const settings = fatigueOf(ctx.cache.shortlist.settings());
      const now = ctx.clock.now();
      return ctx.cache.candidates.query(runId, query, { since: fatigueSince(now, settings), settings, today: isoDate(now) });
    },
    'candidates.compare': ({ fromRunId, toRunId }) => {
      const a = ownRun(ctx, fromRunId);
      const b = ownRun(ctx, toRunId);
      if (a.manuscriptId !== b.manuscriptId) throw new DeskError('invalid_input', 'Only two runs of the same manuscript can be compared.');
      return ctx.cache.candidates.compareRuns(fromRunId, toRunId);
    },
    'candidates.author': ({ authorId }) => ctx.cache.authors.history(pid(), authorId) ?? null,
    // The detail behind each conflict flag, read from the candidate as the service sent it.
    'candidates.evidence': ({ candidateId }) => {
      const runId = ctx.cache.candidates.runOf(candidateId);
      if (runId === undefined) throw new DeskError('not_found', 'This candidate is not in the cache.', { field: 'candidateId' });
      ownRun(ctx, runId);
      return conflictEvidence(ctx.cache.candidates.raw(candidateId));
    },
    // Journals come from the cache at once; a refresh (or a first look) asks the service, and when
    // the service cannot be reached what the cache has is still shown.
    'journals.get': async ({ manuscriptId, corpus, refresh }) => {
      const ws = ctx.workspace();
      const m = ownManuscript(ctx, manuscriptId);
      const cached = ctx.cache.journals.get(manuscriptId, corpus) ?? null;
      if (cached && !refresh) return cached;
      if (m.serviceId === null) {
        if (cached) return cached;
        throw new DeskError('not_found', 'Journals can be recommended once the manuscript’s upload has been sent.');
      }
      return ws.call(
        async (api) => {
          const res = await api.recommendJournals(m.originId, corpus);
          ctx.cache.journals.save(manuscriptId, corpus, res.value, res.raw);
          return ctx.cache.journals.get(manuscriptId, corpus) ?? null;
        },
        () => cached ?? undefined,
      );
    },
  };
}

import { parseRequests } from '../../common/domain/authorRequests';
import { DeskError } from '../../common/errors';
import type { HandlerMap } from '../router';
import { ownManuscript, type CoreContext } from './context';

type Channels =
  | 'requests.list'
  | 'requests.paste'
  | 'requests.setMatch'
  | 'requests.remove'
  | 'people.flags'
  | 'people.decisions'
  | 'doNotInvite.list'
  | 'doNotInvite.set'
  | 'doNotInvite.remove'
  | 'email.setBounced';

/**
 * The editor's decisions about people (cache/decisions.ts): the authors' opposed and suggested reviewers
 * per manuscript, the do-not-invite list and bounced addresses. Local only, like the shortlist.
 */
export function decisionsHandlers(ctx: CoreContext): HandlerMap<Channels> {
  const pid = () => ctx.workspace().profileId;
  const mine = (manuscriptId: number) => ownManuscript(ctx, manuscriptId, 'manuscriptId');
  return {
    'requests.list': ({ manuscriptId }) => {
      mine(manuscriptId);
      return ctx.cache.decisions.requests(manuscriptId);
    },
    'requests.paste': ({ manuscriptId, kind, text }) => {
      mine(manuscriptId);
      const people = parseRequests(text);
      if (people.length === 0)
        throw new DeskError('invalid_input', 'No name, e-mail or ORCID iD was found in what you pasted.', { field: 'text' });
      return ctx.cache.editorWrite(() => ctx.cache.decisions.paste(pid(), manuscriptId, kind, people));
    },
    'requests.setMatch': ({ manuscriptId, id, authorId }) => {
      mine(manuscriptId);
      return ctx.cache.editorWrite(() => ctx.cache.decisions.setMatch(manuscriptId, id, authorId));
    },
    'requests.remove': ({ manuscriptId, id }) => {
      mine(manuscriptId);
      return ctx.cache.editorWrite(() => ctx.cache.decisions.removeRequest(manuscriptId, id));
    },
    'people.flags': ({ manuscriptId }) => {
      mine(manuscriptId);
      return ctx.cache.decisions.flags(manuscriptId);
    },
    'people.decisions': ({ personId }) => ctx.cache.decisions.person(personId),
    'doNotInvite.list': () => ctx.cache.decisions.doNotInvite(),
    'doNotInvite.set': ({ personId, reason, until }) =>
      ctx.cache.editorWrite(() => ctx.cache.decisions.setDoNotInvite(personId, reason, until)),
    'doNotInvite.remove': async ({ personId }) => {
      await ctx.cache.editorWrite(() => ctx.cache.decisions.removeDoNotInvite(personId));
      return { ok: true as const };
    },
    'email.setBounced': async ({ email, bounced }) => {
      await ctx.cache.editorWrite(() => ctx.cache.decisions.setBounced(email, bounced));
      return { ok: true as const };
    },
  };
}

import { fillTemplate, mailtoUrl } from '../../common/domain/invitation';
import { TRANSITIONS, transitionError, type FatigueSettings } from '../../common/domain/shortlist';
import { shortlistSpread } from '../../common/domain/spread';
import { DeskError } from '../../common/errors';
import type { InvitationDraft, InvitationSettings } from '../cache/types';
import type { HandlerMap } from '../router';
import { ownManuscript, ownRun, type CoreContext } from './context';

type Channels =
  | 'shortlist.list'
  | 'shortlist.add'
  | 'shortlist.remove'
  | 'shortlist.reorder'
  | 'shortlist.note'
  | 'shortlist.setStatus'
  | 'shortlist.setStatuses'
  | 'shortlist.setDue'
  | 'shortlist.reminders'
  | 'shortlist.decline'
  | 'shortlist.round'
  | 'shortlist.spread'
  | 'shortlist.setInviteNow'
  | 'invitation.getSettings'
  | 'invitation.setSettings'
  | 'invitation.draft'
  | 'invitation.open'
  | 'invitation.openAll'
  | 'invitation.markInvited'
  | 'ledger.query'
  | 'ledger.person'
  | 'ledger.split'
  | 'ledger.loads'
  | 'ledger.setAvailability'
  | 'ledger.declines';

export const fatigueOf = (s: InvitationSettings): FatigueSettings => ({ k: s.fatigueK, d: s.fatigueD, r: s.fatigueR });

/**
 * The shortlist, invitations and the reviewer ledger: everything here reads and writes the local
 * cache only (the service has no endpoint for it), so it works the same offline. The repositories
 * announce what their writes changed ('shortlist' with the manuscript's id, 'ledger'). The editor's writes answer
 * once on disk, without an fsync on core's thread (cache.editorWrite).
 */
export function shortlistHandlers(ctx: CoreContext): HandlerMap<Channels> {
  const pid = () => ctx.workspace().profileId;
  const mine = (manuscriptId: number) => ownManuscript(ctx, manuscriptId, 'manuscriptId');
  const draft = (manuscriptId: number, authorId: number, confirmOpposed = false): InvitationDraft => {
    const m = mine(manuscriptId);
    const e = ctx.cache.shortlist.entry(manuscriptId, authorId);
    if (!e) throw new DeskError('not_found', 'This person is not on the manuscript’s shortlist.');
    // The editor's decisions come first: a person on the do-not-invite list gets no draft, one the
    // authors opposed only once the editor confirmed, and a bounced address is left out of the link.
    const flag = ctx.cache.decisions.flagOf(manuscriptId, authorId);
    if (flag?.doNotInvite)
      throw new DeskError(
        'conflict',
        `${e.name} is on your do-not-invite list (${flag.doNotInvite.reason}${flag.doNotInvite.until ? `, until ${flag.doNotInvite.until}` : ''}).`,
      );
    if (flag?.opposed && !confirmOpposed)
      throw new DeskError('conflict', `The authors opposed ${e.name} as a reviewer: confirm to draft an invitation anyway.`, {
        field: 'confirmOpposed',
      });
    const bounced = ctx.cache.decisions.isBounced(e.email);
    const s = ctx.cache.shortlist.settings();
    const words = e.name.trim().split(/\s+/);
    const values = {
      name: e.name,
      last_name: words[words.length - 1] ?? e.name,
      manuscript_title: m.title,
      abstract: m.abstract,
      folder: m.folder,
      journal: m.folder,
      due_date: e.dueDate ?? '',
      editor_name: s.editorName,
    };
    const subject = fillTemplate(s.subject, values);
    const body = fillTemplate(s.body, values);
    // A subject is one line: a line break from a title or template must not start mail headers.
    const subjectLine = subject.text.replace(/[\r\n]+/g, ' ').trim();
    const link = mailtoUrl({ to: bounced ? null : e.email, subject: subjectLine, body: body.text });
    return {
      manuscriptId,
      authorId,
      to: link.hasRecipient && !bounced ? e.email : null,
      bounced,
      subject: subjectLine,
      body: body.text,
      mailto: link.url,
      truncated: link.truncated,
      unknownPlaceholders: [...new Set([...subject.unknown, ...body.unknown])],
    };
  };
  return {
    'shortlist.list': ({ manuscriptId }) => {
      mine(manuscriptId);
      return ctx.cache.shortlist.list(manuscriptId);
    },
    'shortlist.add': ({ manuscriptId, authorIds }) => {
      mine(manuscriptId);
      return ctx.cache.editorWrite(() => ctx.cache.shortlist.add(pid(), manuscriptId, authorIds));
    },
    'shortlist.remove': ({ manuscriptId, authorId }) => {
      mine(manuscriptId);
      return ctx.cache.editorWrite(() => ctx.cache.shortlist.remove(manuscriptId, authorId));
    },
    'shortlist.reorder': ({ manuscriptId, authorIds }) => {
      mine(manuscriptId);
      return ctx.cache.editorWrite(() => ctx.cache.shortlist.reorder(manuscriptId, authorIds));
    },
    'shortlist.note': ({ manuscriptId, authorId, note }) => {
      mine(manuscriptId);
      return ctx.cache.editorWrite(() => ctx.cache.shortlist.setNote(manuscriptId, authorId, note));
    },
    'shortlist.setStatus': ({ manuscriptId, authorId, status }) => {
      mine(manuscriptId);
      return ctx.cache.editorWrite(() => ctx.cache.shortlist.setStatus(manuscriptId, authorId, status));
    },
    'shortlist.setStatuses': ({ manuscriptId, changes }) => {
      mine(manuscriptId);
      return ctx.cache.editorWrite(() => ctx.cache.shortlist.setStatuses(manuscriptId, changes));
    },
    'shortlist.setDue': ({ manuscriptId, authorId, dueDate }) => {
      mine(manuscriptId);
      return ctx.cache.editorWrite(() => ctx.cache.shortlist.setDue(manuscriptId, authorId, dueDate));
    },
    'shortlist.decline': ({ manuscriptId, authorId, reason, text, unavailableUntil }) => {
      mine(manuscriptId);
      return ctx.cache.editorWrite(() =>
        ctx.cache.shortlist.decline(manuscriptId, authorId, reason, text ?? null, unavailableUntil ?? null),
      );
    },
    'shortlist.round': ({ manuscriptId }) => {
      mine(manuscriptId);
      return ctx.cache.shortlist.round(manuscriptId);
    },
    'shortlist.spread': ({ manuscriptId }) => {
      const m = mine(manuscriptId);
      // The authors as the editor confirmed them on the upload form (kept with the manuscript).
      return shortlistSpread(
        ctx.cache.shortlist.spreadPeople(manuscriptId),
        m.authors.map((a) => a.aff),
      );
    },
    'shortlist.setInviteNow': ({ manuscriptId, inviteNow }) => {
      mine(manuscriptId);
      return ctx.cache.editorWrite(() => ctx.cache.shortlist.setInviteNow(manuscriptId, inviteNow));
    },
    'shortlist.reminders': () => ctx.cache.shortlist.reminders(pid(), ctx.cache.shortlist.settings().reminderDays),
    'invitation.getSettings': () => ctx.cache.shortlist.settings(),
    'invitation.setSettings': (patch) => {
      const values = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
      return ctx.cache.editorWrite(() => ctx.cache.shortlist.saveSettings(values));
    },
    'invitation.draft': ({ manuscriptId, authorId, confirmOpposed }) => draft(manuscriptId, authorId, confirmOpposed),
    'invitation.open': async ({ manuscriptId, authorId, confirmOpposed }) => {
      const d = draft(manuscriptId, authorId, confirmOpposed);
      if (!ctx.openExternal) return { opened: false, draft: d };
      try {
        await ctx.openExternal(d.mailto);
      } catch (err) {
        ctx.logger.log('warn', 'the mail client could not be opened', { error: err instanceof Error ? err.message : String(err) });
        throw new DeskError('unsupported', 'The system mail client could not be opened. Copy the invitation text instead.');
      }
      return { opened: true, draft: d };
    },
    'invitation.openAll': async ({ manuscriptId, people }) => {
      // Everything is checked before anything opens: one person who may not be invited refuses the whole request.
      const drafts = people.map((p) => draft(manuscriptId, p.authorId, p.confirmOpposed));
      for (const d of drafts) {
        const e = ctx.cache.shortlist.entry(manuscriptId, d.authorId)!;
        if (!TRANSITIONS[e.status].includes('invited'))
          throw new DeskError('conflict', `${e.name}: ${transitionError(e.status, 'invited')} Nothing was opened.`, { field: 'people' });
      }
      if (!ctx.openExternal) return { opened: false, invited: [], notOpened: [], drafts };
      const opened: number[] = [];
      for (const d of drafts) {
        try {
          await ctx.openExternal(d.mailto);
          opened.push(d.authorId);
        } catch (err) {
          ctx.logger.log('warn', 'the mail client could not be opened', { error: err instanceof Error ? err.message : String(err) });
          break;
        }
      }
      if (opened.length === 0)
        throw new DeskError('unsupported', 'The system mail client could not be opened. Copy the invitation texts instead.');
      // The people whose message opened become invited together; the others stay as they were.
      const invited = await ctx.cache.editorWrite(() =>
        ctx.cache.shortlist.setStatuses(
          manuscriptId,
          opened.map((authorId) => ({ authorId, status: 'invited' as const })),
        ),
      );
      const notOpened = drafts.map((d) => d.authorId).filter((a) => !opened.includes(a));
      return { opened: true, invited: invited.filter((e) => opened.includes(e.authorId)), notOpened, drafts };
    },
    'invitation.markInvited': ({ manuscriptId, authorId }) => {
      mine(manuscriptId);
      return ctx.cache.editorWrite(() => ctx.cache.shortlist.setStatus(manuscriptId, authorId, 'invited'));
    },
    'ledger.query': (q) => ctx.cache.ledger.query(q),
    'ledger.person': ({ personId }) => ctx.cache.ledger.history(personId) ?? null,
    'ledger.split': async ({ authorId }) => {
      const { from, to } = await ctx.cache.editorWrite(() => ctx.cache.ledger.split(authorId));
      return { from: ctx.cache.ledger.history(from) ?? null, to: ctx.cache.ledger.history(to) ?? null };
    },
    'ledger.setAvailability': async ({ personId, until }) => {
      const authorId = ctx.cache.ledger.firstMember(personId);
      if (authorId === undefined) throw new DeskError('not_found', 'This person is not in the reviewer ledger.', { field: 'personId' });
      await ctx.cache.editorWrite(() => ctx.cache.ledger.setAvailability(authorId, until, 'typed'));
      return ctx.cache.ledger.get(personId)!;
    },
    'ledger.declines': () => ctx.cache.ledger.declines(),
    'ledger.loads': ({ runId }) => {
      ownRun(ctx, runId);
      return ctx.cache.ledger.candidateLoads(runId, fatigueOf(ctx.cache.shortlist.settings()), ctx.clock.now());
    },
  };
}

// Invitation drafts for one shortlisted person or for everyone not yet invited. Before the first draft
// it asks once for the editor's name (signs the invitations) and a due period (a person without a due
// date gets one that far ahead), so no draft comes out with "by ." or without a signature. Each draft:
// "Open in mail app" (Electron: invitation.open; the browser host: a mailto: link), which also marks the
// person invited, with Undo in the toast; "Copy text" (first when the link had to shorten the body);
// "Copy full abstract" (the template carries an excerpt); and "Mark as invited" for a text sent by hand. With several
// drafts, "Open all in mail app" (the dialog's one primary action) opens one message each and marks them all invited
// in one write; the dialog then closes and the panel says so, with one Undo for all.
import { Modal } from '../../components/Modal';
import { Check, Copy, Mail, Mails } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { DEFAULT_DUE_DAYS, MAX_DUE_DAYS } from '../../../../electron/common/domain/invitation';
import { TRANSITIONS } from '../../../../electron/common/domain/shortlist';
import { MAX_OPEN_AT_ONCE, openAllPlan } from '../../../../electron/common/domain/quickInvite';
import type { InvitationDraft, PersonFlagRow, ShortlistEntryRow, ShortlistStatus } from '../../../../electron/common/shapes';
import { doNotInviteText } from '../../components/FlagChips';
import { Alert } from '../../components/Alert';
import { Required } from '../../components/Required';
import {
  draftInvitations,
  mailOpensThroughCore,
  openAllInMailApp,
  openInMailApp,
  saveInvitationBasics,
  setStatuses,
  useDrafts,
  useDuePeriod,
} from '../../stores/invitations';
import { useManuscripts } from '../../stores/manuscripts';
import { useQuery } from '../../data/queries';
import { draftText, statusLine } from './shortlistModel';
import { currentEntries, useShortlistPanel, write } from './shortlistState';
import './invitations.css';

const NONE: readonly ShortlistEntryRow[] = [];
const NAMES = new Intl.ListFormat('en', { style: 'long', type: 'conjunction' });

/** What "Open all" does, in words: one message each, the limit, and the drafts it leaves to open one by one. */
function openAllNote(over: number, byHand: number): string {
  const where = mailOpensThroughCore()
    ? `One new message per person opens in your mail app, at most ${MAX_OPEN_AT_ONCE} at once`
    : `One new message per person opens in your mail app; a browser may open only the first of several`;
  const parts = [where];
  if (over > 0) parts.push(`${over} more wait for the next click`);
  if (byHand > 0) parts.push(byHand === 1 ? 'one draft needs its text copied (below)' : `${byHand} drafts need their text copied (below)`);
  return `${parts.join('; ')}. Each person is marked as invited.`;
}

/** Of the people asked for, those drafted and those held back (do not invite; opposed by the authors and not confirmed). */
function heldBack(
  asked: readonly number[],
  flags: readonly PersonFlagRow[],
  confirmed: readonly number[],
): { drafted: number[]; held: PersonFlagRow[] } {
  const byId = new Map(flags.map((f) => [f.authorId, f]));
  const drafted: number[] = [];
  const held: PersonFlagRow[] = [];
  for (const id of asked) {
    const f = byId.get(id);
    if (f && (f.doNotInvite !== null || (f.opposed && !confirmed.includes(id)))) held.push(f);
    else drafted.push(id);
  }
  return { drafted, held };
}

/** What the toast says after a person was marked invited, and how to take it back. */
interface Toast {
  text: string;
  undo: (() => void) | null;
}

export function InvitationDialog({ manuscriptId }: { manuscriptId: number }) {
  const inviting = useShortlistPanel((s) => s.inviting);
  const { drafts, error, loading } = useDrafts();
  const settings = useQuery('invitation.getSettings', inviting ? {} : null).data;
  const entries = useQuery('shortlist.list', { manuscriptId }).data ?? NONE;
  const [toast, setToast] = useState<Toast | null>(null);
  // The editor's decisions: nobody on the do-not-invite list is drafted, and nobody the authors opposed
  // until the editor confirms ("Draft anyway").
  const flags = useQuery('people.flags', { manuscriptId }).data;
  const [confirmed, setConfirmed] = useState<readonly number[]>([]);
  useEffect(() => setConfirmed([]), [inviting]);
  const { drafted, held } = useMemo(() => heldBack(inviting ?? [], flags ?? [], confirmed), [inviting, flags, confirmed]);
  const needsBasics = settings !== null && settings.editorName.trim() === '';
  const ready = settings !== null && !needsBasics;
  useEffect(() => {
    if (!inviting) {
      useDrafts.getState().reset();
      setToast(null);
      return;
    }
    if (!ready) return;
    const known = new Map((currentEntries(manuscriptId) ?? []).map((e) => [e.authorId, e.dueDate]));
    void draftInvitations(
      manuscriptId,
      drafted.map((authorId) => ({ authorId, dueDate: known.get(authorId) ?? null })),
      confirmed,
    );
  }, [drafted, confirmed, manuscriptId, ready, inviting]);
  const byId = new Map(entries.map((e) => [e.authorId, e]));
  const shown = ready ? drafts.filter((d) => d.manuscriptId === manuscriptId && byId.has(d.authorId)) : [];
  const invitable = shown.filter((d) => TRANSITIONS[byId.get(d.authorId)!.status].includes('invited'));
  const single = inviting?.length === 1 ? byId.get(inviting[0]!) : undefined;
  const plan = openAllPlan(invitable);
  const confirmedIds = useDrafts((s) => s.confirmed);
  // With several messages to open, "Open all" is the dialog's one primary action; each draft keeps its own button.
  const many = plan.open.length > 1;
  const [opening, setOpening] = useState(false);
  const [openError, setOpenError] = useState<string | null>(null);
  useEffect(() => setOpenError(null), [inviting]);

  /** Opens every message the plan holds; everyone opened is invited together, with one Undo for all. */
  const openAll = async () => {
    setOpening(true);
    const before = new Map(plan.open.map((d) => [d.authorId, byId.get(d.authorId)!]));
    const r = await openAllInMailApp(
      manuscriptId,
      plan.open.map((d) => d.authorId),
      confirmedIds,
    );
    setOpening(false);
    if (r.error) {
      setOpenError(r.error);
      return;
    }
    setOpenError(null);
    const opened = r.opened.map((id) => before.get(id)).filter((e): e is ShortlistEntryRow => e !== undefined);
    const back = opened.filter((e) => TRANSITIONS.invited.includes(e.status)).map((e) => ({ authorId: e.authorId, status: e.status }));
    const names = NAMES.format(opened.map((e) => e.name));
    const text = `Opened ${opened.length === 1 ? '1 message' : `${opened.length} messages`} in your mail app: ${names} ${
      opened.length === 1 ? 'is' : 'are'
    } marked as invited.`;
    const left = r.notOpened.length + plan.noAddress.length + plan.tooLong.length + plan.overLimit.length;
    if (left === 0) {
      // Nothing left to do here: the dialog closes and the panel says what happened, with Undo.
      const notice = {
        manuscriptId,
        text: mailOpensThroughCore() ? text : `${text} If your browser opened only the first message, Undo and open each from its draft.`,
        undo: () => {
          useShortlistPanel.setState({ notice: null });
          void setStatuses(manuscriptId, back).then((error) => useShortlistPanel.setState({ error }));
        },
      };
      useShortlistPanel.setState({ inviting: null, notice });
      return;
    }
    const stopped = r.notOpened.map((id) => byId.get(id)?.name ?? '').filter(Boolean);
    setToast({
      text: `${text}${stopped.length > 0 ? ` Your mail app stopped before ${NAMES.format(stopped)}: open theirs below.` : ''}`,
      undo: () => {
        setToast(null);
        void setStatuses(manuscriptId, back).then(setOpenError);
      },
    });
  };

  /** Marks the person invited and says so, with Undo putting back the status they had. */
  const invite = async (entry: ShortlistEntryRow, how: string) => {
    const previous: ShortlistStatus = entry.status;
    const key = { manuscriptId, authorId: entry.authorId };
    if (!(await write('invitation.markInvited', key))) return;
    const undo = TRANSITIONS.invited.includes(previous)
      ? () => {
          setToast(null);
          void write('shortlist.setStatus', { ...key, status: previous });
        }
      : null;
    setToast({ text: `${how ? `${how} ` : ''}${entry.name} is marked as invited.`, undo });
  };

  return (
    <Modal
      open={inviting !== null}
      onOpenChange={(open) => (open ? undefined : useShortlistPanel.setState({ inviting: null }))}
      className="invitation-dialog"
      title={needsBasics ? 'Before your first invitation' : single ? `Invitation to ${single.name}` : `Invitations (${drafted.length})`}
      description={
        needsBasics ? (
          'Your name signs every invitation, and the due period sets the date each one asks for the report. You can change both in Settings.'
        ) : (
          <>
            {single
              ? 'Open it in your mail app and send it: the person is marked as invited, dated today.'
              : 'Open each in your mail app and send it: each person is marked as invited, dated today.'}{' '}
            Referee Desk sends nothing itself.
          </>
        )
      }
    >
      {needsBasics ? <BasicsForm /> : null}
      {ready && many ? (
        <div className="open-all" role="group" aria-label="All invitations">
          <button type="button" className="primary" disabled={opening} onClick={() => void openAll()}>
            <Mails size={16} aria-hidden="true" />{' '}
            {plan.overLimit.length > 0 ? `Open the first ${plan.open.length} in mail app` : `Open all ${plan.open.length} in mail app`}
          </button>
          <p className="muted" data-testid="open-all-note">
            {openAllNote(plan.overLimit.length, plan.noAddress.length + plan.tooLong.length)}
          </p>
        </div>
      ) : null}
      <Alert text={openError} />
      {ready && loading && shown.length === 0 && drafted.length > 0 ? <p className="muted">Filling the template…</p> : null}
      {ready && held.length > 0 ? (
        <ul className="held-back" aria-label="Not drafted">
          {held.map((h) => (
            <li key={h.authorId} data-testid="held-back">
              <strong>{byId.get(h.authorId)?.name ?? 'This person'}</strong>{' '}
              {h.doNotInvite ? (
                <span>is on your do-not-invite list ({doNotInviteText(h.doNotInvite).replace(/^Do not invite: /, '')}): no draft.</span>
              ) : (
                <>
                  <span>was opposed by the authors.</span>{' '}
                  <button type="button" onClick={() => setConfirmed([...confirmed, h.authorId])}>
                    Draft anyway
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <Alert text={error} />
      {ready ? (
        <ol className="drafts">
          {shown.map((d) => (
            <DraftItem key={d.authorId} draft={d} entry={byId.get(d.authorId)!} rows={single ? 12 : 6} onInvite={invite} primary={!many} />
          ))}
        </ol>
      ) : null}
      <div className="dialog-actions">
        {toast ? (
          <p className="invite-toast" role="status" data-testid="invite-toast">
            <Check size={16} aria-hidden="true" /> {toast.text}
            {toast.undo ? (
              <button type="button" className="linklike" onClick={toast.undo}>
                Undo
              </button>
            ) : null}
          </p>
        ) : null}
        {invitable.length > 1 ? (
          <button
            type="button"
            onClick={() => {
              const back = invitable.map((d) => ({ authorId: d.authorId, status: byId.get(d.authorId)!.status }));
              void setStatuses(
                manuscriptId,
                invitable.map((d) => ({ authorId: d.authorId, status: 'invited' as const })),
              ).then((error) => {
                setOpenError(error);
                if (error === null)
                  setToast({
                    text: `${back.length} people are marked as invited.`,
                    undo: () => {
                      setToast(null);
                      void setStatuses(manuscriptId, back).then(setOpenError);
                    },
                  });
              });
            }}
          >
            <Check size={16} aria-hidden="true" /> Mark all {invitable.length} as invited
          </button>
        ) : null}
        {needsBasics ? null : (
          <Modal.Close asChild>
            <button type="button">Done</button>
          </Modal.Close>
        )}
      </div>
    </Modal>
  );
}

/** The editor's name and the due period, asked once; "required" shows only after a first try. */
function BasicsForm() {
  const saved = useDuePeriod((s) => s.days);
  const [name, setName] = useState('');
  const [days, setDays] = useState(String(saved ?? DEFAULT_DUE_DAYS));
  const [tried, setTried] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const n = Number(days);
  const nameProblem = name.trim() === '' ? 'Enter your name: it signs the invitations.' : null;
  const daysProblem = Number.isInteger(n) && n >= 1 && n <= MAX_DUE_DAYS ? null : `Enter a whole number of days from 1 to ${MAX_DUE_DAYS}.`;
  const submit = async () => {
    setTried(true);
    if (nameProblem || daysProblem) return;
    setError(await saveInvitationBasics(name, n));
  };
  return (
    <form
      className="invite-basics"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <label className="field">
        <span>
          Your name (signs the invitations) <Required />
        </span>
        <input
          type="text"
          value={name}
          maxLength={200}
          autoComplete="name"
          required
          aria-invalid={tried && nameProblem !== null}
          aria-describedby={tried && nameProblem ? 'basics-name-problem' : undefined}
          onChange={(e) => setName(e.target.value)}
        />
        {tried && nameProblem ? (
          <span id="basics-name-problem" className="field-error">
            {nameProblem}
          </span>
        ) : null}
      </label>
      <label className="field">
        <span>Reports due after (days)</span>
        <input
          type="number"
          className="narrow"
          min={1}
          max={MAX_DUE_DAYS}
          step={1}
          value={days}
          aria-invalid={tried && daysProblem !== null}
          aria-describedby={tried && daysProblem ? 'basics-days-problem' : undefined}
          onChange={(e) => setDays(e.target.value)}
        />
        {tried && daysProblem ? (
          <span id="basics-days-problem" className="field-error">
            {daysProblem}
          </span>
        ) : null}
      </label>
      <Alert text={error} />
      <button type="submit" className="primary">
        Save and draft
      </button>
    </form>
  );
}

function DraftItem({
  draft,
  entry,
  rows,
  onInvite,
  primary,
}: {
  draft: InvitationDraft;
  entry: ShortlistEntryRow;
  rows: number;
  onInvite: (entry: ShortlistEntryRow, how: string) => Promise<void>;
  /** This draft's main button is the dialog's primary action (false while "Open all" is). */
  primary: boolean;
}) {
  const [said, setSaid] = useState<string | null>(null);
  // Electron opens the mail app through core; a host that cannot (the browser) gets the link instead.
  const [asLink, setAsLink] = useState(() => !mailOpensThroughCore());
  const abstract = useManuscripts((s) => (s.detail?.manuscript.id === draft.manuscriptId ? s.detail.manuscript.abstract : ''));
  // Drafted at all, an opposed person was confirmed by the editor: opening it says so again.
  const confirmed = useDrafts((s) => s.confirmed.includes(draft.authorId));
  const key = { manuscriptId: draft.manuscriptId, authorId: draft.authorId, ...(confirmed ? { confirmOpposed: true } : {}) };
  const canInvite = TRANSITIONS[entry.status].includes('invited');
  const titleId = `draft-${draft.authorId}`;
  const mailFirst = draft.to !== null && !draft.truncated;
  const first = primary ? ' primary' : '';
  const copy = async () => {
    await navigator.clipboard.writeText(draftText(draft));
    setSaid('Text copied: paste it into a new message.');
  };
  const copyAbstract = async () => {
    await navigator.clipboard.writeText(abstract);
    setSaid('Full abstract copied: paste it into the message if you want it there.');
  };
  const opened = () => {
    setSaid(null);
    if (canInvite) void onInvite(entry, 'Opened in your mail app:');
  };
  const open = async () => {
    if (await openInMailApp(key)) opened();
    else setAsLink(true);
  };
  const copyButton = (
    <button type="button" className={mailFirst ? '' : first.trim()} onClick={() => void copy()}>
      <Copy size={16} aria-hidden="true" /> Copy text
    </button>
  );
  return (
    <li className="draft" aria-labelledby={titleId}>
      <h3 id={titleId}>
        {entry.name} <span className="muted">· {statusLine(entry)}</span>
      </h3>
      <dl className="draft-fields">
        <dt>To</dt>
        <dd>
          {draft.to ??
            (draft.bounced ? (
              <span className="warn" data-testid="draft-bounced">
                {entry.email} bounced, so it is left out: find another address, copy the text and address it yourself.
              </span>
            ) : (
              <span className="warn">No usable e-mail address: copy the text and address it yourself.</span>
            ))}
        </dd>
        <dt>Subject</dt>
        <dd data-testid="draft-subject">{draft.subject}</dd>
      </dl>
      <textarea className="draft-body" readOnly rows={rows} value={draft.body} aria-label={`Text of the invitation to ${entry.name}`} />
      {draft.unknownPlaceholders.length > 0 ? (
        <p className="warn">
          The template has placeholders that do not exist ({draft.unknownPlaceholders.map((p) => `{{${p}}}`).join(', ')}); they stay as
          typed. Fix them in Settings.
        </p>
      ) : null}
      {draft.truncated ? (
        <p className="warn" role="note">
          The text is too long for a mail link, so the message the link opens ends early with “…”. Copy the text and paste it in full.
        </p>
      ) : null}
      <div className="draft-actions">
        {mailFirst ? null : copyButton}
        {draft.to ? (
          asLink ? (
            // In Electron the link opens through the window-open handler, which hands mailto: to the system.
            <a
              className={`button-link${mailFirst ? first : ''}`}
              href={draft.mailto}
              data-testid="mailto"
              onClick={opened}
              {...(mailOpensThroughCore() ? { target: '_blank', rel: 'noreferrer' } : {})}
            >
              <Mail size={16} aria-hidden="true" /> Open in mail app
            </a>
          ) : (
            <button type="button" className={mailFirst ? first.trim() : ''} onClick={() => void open()}>
              <Mail size={16} aria-hidden="true" /> Open in mail app
            </button>
          )
        ) : null}
        {mailFirst ? copyButton : null}
        {abstract.trim() ? (
          <button type="button" onClick={() => void copyAbstract()}>
            <Copy size={16} aria-hidden="true" /> Copy full abstract
          </button>
        ) : null}
        <button type="button" disabled={!canInvite} onClick={() => void onInvite(entry, '')}>
          <Check size={16} aria-hidden="true" /> {canInvite ? 'Mark as invited' : statusLine(entry)}
        </button>
        {said ? (
          <span className="muted" role="status">
            {said}
          </span>
        ) : null}
      </div>
    </li>
  );
}

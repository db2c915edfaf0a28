// Invitation drafts for one shortlisted person or for everyone not yet invited: the filled subject and
// body (invitation.draft), "Open in mail app" (Electron: invitation.open; the browser host: a mailto:
// link), "Copy text" (first when the link had to shorten the body), and "Mark as invited" (dated today).
import { Modal } from '../../components/Modal';
import { Check, Copy, Mail } from 'lucide-react';
import { useEffect, useState } from 'react';
import { TRANSITIONS } from '../../../../electron/common/domain/shortlist';
import type { InvitationDraft, ShortlistEntryRow } from '../../../../electron/common/views';
import { Alert } from '../../components/Alert';
import { desk } from '../../platform/instance';
import { useDrafts } from '../../stores/invitations';
import { useShortlist } from '../../stores/reads';
import { draftText, statusLine } from './shortlistModel';
import { useShortlistPanel, write } from './shortlistState';

const NONE: readonly ShortlistEntryRow[] = [];

export function InvitationDialog({ manuscriptId }: { manuscriptId: number }) {
  const inviting = useShortlistPanel((s) => s.inviting);
  const { drafts, error, loading } = useDrafts();
  const entries = useShortlist((s) => (s.answered?.manuscriptId === manuscriptId ? (s.data ?? NONE) : NONE));
  useEffect(() => {
    if (inviting) void useDrafts.getState().load(manuscriptId, inviting);
    else useDrafts.getState().reset();
  }, [inviting, manuscriptId]);
  const byId = new Map(entries.map((e) => [e.authorId, e]));
  const shown = drafts.filter((d) => d.manuscriptId === manuscriptId && byId.has(d.authorId));
  const invitable = shown.filter((d) => TRANSITIONS[byId.get(d.authorId)!.status].includes('invited'));
  const single = inviting?.length === 1 ? byId.get(inviting[0]!) : undefined;

  return (
    <Modal
      open={inviting !== null}
      onOpenChange={(open) => (open ? undefined : useShortlistPanel.setState({ inviting: null }))}
      className="invitation-dialog"
      title={single ? `Invitation to ${single.name}` : `Invitations (${inviting?.length ?? 0})`}
      description={
        <>
          {single
            ? 'Send it from your mail app (or paste the copied text), then mark the person as invited: their status becomes “Invited”, dated today.'
            : 'Send each from your mail app (or paste the copied text), then mark the people as invited: their status becomes “Invited”, dated today.'}{' '}
          Referee Desk sends nothing itself.
        </>
      }
    >
      {loading && shown.length === 0 ? <p className="muted">Filling the template…</p> : null}
      <Alert text={error} />
      <ol className="drafts">
        {shown.map((d) => (
          <DraftItem key={d.authorId} draft={d} entry={byId.get(d.authorId)!} rows={single ? 12 : 6} />
        ))}
      </ol>
      <div className="dialog-actions">
        {invitable.length > 1 ? (
          <button
            type="button"
            onClick={() => void Promise.all(invitable.map((d) => write('invitation.markInvited', { manuscriptId, authorId: d.authorId })))}
          >
            <Check size={16} aria-hidden="true" /> Mark all {invitable.length} as invited
          </button>
        ) : null}
        <Modal.Close asChild>
          <button type="button">Done</button>
        </Modal.Close>
      </div>
    </Modal>
  );
}

function DraftItem({ draft, entry, rows }: { draft: InvitationDraft; entry: ShortlistEntryRow; rows: number }) {
  const [said, setSaid] = useState<string | null>(null);
  // Electron opens the mail app through core; a host that cannot (the browser) gets the link instead.
  const [asLink, setAsLink] = useState(() => desk().host !== 'electron');
  const key = { manuscriptId: draft.manuscriptId, authorId: draft.authorId };
  const canInvite = TRANSITIONS[entry.status].includes('invited');
  const titleId = `draft-${draft.authorId}`;
  const copy = async () => {
    await navigator.clipboard.writeText(draftText(draft));
    setSaid('Text copied: paste it into a new message.');
  };
  const open = async () => {
    try {
      const r = await desk().invoke('invitation.open', key);
      if (r.opened) setSaid('Opened in your mail app.');
      else setAsLink(true);
    } catch {
      setAsLink(true);
    }
  };
  const copyButton = (
    <button type="button" className={draft.truncated ? 'primary' : ''} onClick={() => void copy()}>
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
        <dd>{draft.to ?? <span className="warn">No usable e-mail address: copy the text and address it yourself.</span>}</dd>
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
        {draft.truncated ? copyButton : null}
        {draft.to ? (
          asLink ? (
            // In Electron the link opens through the window-open handler, which hands mailto: to the system.
            <a
              className="button-link"
              href={draft.mailto}
              data-testid="mailto"
              {...(desk().host === 'electron' ? { target: '_blank', rel: 'noreferrer' } : {})}
            >
              <Mail size={16} aria-hidden="true" /> Open in mail app
            </a>
          ) : (
            <button type="button" onClick={() => void open()}>
              <Mail size={16} aria-hidden="true" /> Open in mail app
            </button>
          )
        ) : null}
        {draft.truncated ? null : copyButton}
        <button
          type="button"
          className={canInvite ? 'primary' : ''}
          disabled={!canInvite}
          onClick={() => void write('invitation.markInvited', { ...key })}
        >
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

// The manuscript's shortlist beside the candidate table (in its place on a narrow window): the people
// in the editor's order (drag, or move up/down), a note each, the status moves allowed next, a due date,
// "not in the latest run", the service's mark beside the local status, and invitations.
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ArrowDown, ArrowUp, Check, GripVertical, Mail, X } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { TRANSITIONS } from '../../../../electron/common/domain/shortlist';
import type {
  InvitationSettings,
  LocalConflicts,
  ShortlistEntryRow,
  ShortlistRound,
  ShortlistStatus,
} from '../../../../electron/common/shapes';
import { Alert } from '../../components/Alert';
import { useManuscripts } from '../../stores/manuscripts';
import { useKeepFresh, useQuery, useQuerySelect, type QueryState } from '../../data/queries';
import {
  DEFAULT_INVITE_NOW,
  MAX_INVITE_NOW,
  availabilityText,
  declineText,
  planRound,
  type RoundPlan,
  type RoundRole,
} from '../../../../electron/common/domain/rounds';
import { DeclineDialog } from './DeclineDialog';
import { CandidateFlags } from './CandidateFlags';
import { InvitationDialog } from './InvitationDialog';
import { moved, nextStatuses, statusLine } from './shortlistModel';
import { useShortlistPanel, write } from './shortlistState';
import { ShortlistSpread } from './ShortlistSpread';
import { QuickPick } from './QuickPick';
import { DateInput } from '../../components/DateInput';
import { Select } from '../../components/Select';
import { shortAddress } from '../../../../electron/common/domain/mailto';
import { useFitChars } from './useColumnChars';

import './invitations.css';

const DAY = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

/**
 * Placed after the candidate table: loads the open manuscript's shortlist and, when shown, its panel.
 * styles.css puts the panel beside the table on a wide window and in the table's place on a narrow one.
 */
export function ShortlistArea() {
  const manuscriptId = useManuscripts((s) => s.detail?.manuscript.id ?? null);
  const open = useShortlistPanel((s) => s.open);
  const ofManuscript = manuscriptId === null ? null : { manuscriptId };
  const entries = useQuery('shortlist.list', ofManuscript).data;
  useKeepFresh('shortlist.round', ofManuscript);
  useKeepFresh('invitation.getSettings', manuscriptId === null ? null : {});
  return (
    <>
      {open && manuscriptId !== null ? <ShortlistPanel manuscriptId={manuscriptId} /> : null}
      {manuscriptId !== null ? <InvitationDialog manuscriptId={manuscriptId} /> : null}
      {entries ? <DeclineDialog entries={entries} /> : null}
    </>
  );
}

const selectInviteNow = (s: QueryState<ShortlistRound>) => s.data?.inviteNow ?? null;
const selectReminderDays = (s: QueryState<InvitationSettings>) => s.data?.reminderDays ?? 7;

/** The round of the manuscript's shortlist: who is invited now, who waits as an alternate, who is proposed. */
export function useRoundPlan(manuscriptId: number, entries: readonly ShortlistEntryRow[]): RoundPlan {
  const inviteNow = useQuerySelect('shortlist.round', { manuscriptId }, selectInviteNow, { ask: false }) ?? DEFAULT_INVITE_NOW;
  const reminderDays = useQuerySelect('invitation.getSettings', {}, selectReminderDays, { ask: false });
  return useMemo(() => planRound(entries, inviteNow, { now: Date.now(), reminderDays }), [entries, inviteNow, reminderDays]);
}

const names = (entries: readonly ShortlistEntryRow[]) => new Map(entries.map((e) => [e.authorId, e.name]));

export function ShortlistPanel({ manuscriptId }: { manuscriptId: number }) {
  const { data, error: loadError } = useQuery('shortlist.list', { manuscriptId });
  const error = useShortlistPanel((s) => s.error);
  // The order just asked for, shown until core's answer comes back (a drop does not jump back meanwhile).
  const [pending, setPending] = useState<readonly number[] | null>(null);
  useEffect(() => setPending(null), [data]);
  const entries = useMemo(() => {
    const list = data ?? [];
    if (!pending || pending.length !== list.length) return list;
    const byId = new Map(list.map((e) => [e.authorId, e]));
    return pending.every((id) => byId.has(id)) ? pending.map((id) => byId.get(id)!) : list;
  }, [data, pending]);
  const ids = useMemo(() => entries.map((e) => e.authorId), [entries]);
  // The narrowest entry's people column (one with an Invite button is narrower) sets the length of all addresses.
  const emailChars = useFitChars(ids.length > 0 ? '.shortlist-list > li .sl-who' : null, 32, 0, ids.join(','));
  const plan = useRoundPlan(manuscriptId, entries);
  const toInvite = plan.toInvite;
  // The button counts the drafts it gives: not the do-not-invite list, not the authors' opposed (the dialog names them).
  const flags = useQuery('people.flags', { manuscriptId }).data;
  const drafts = toInvite.filter((id) => !flags?.some((f) => f.authorId === id && (f.doNotInvite !== null || f.opposed))).length;

  const reorder = (from: number, to: number) => {
    const next = moved(ids, from, to);
    if (next === ids) return;
    setPending(next);
    void write('shortlist.reorder', { manuscriptId, authorIds: [...next] });
  };
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) reorder(ids.indexOf(Number(active.id)), ids.indexOf(Number(over.id)));
  };
  const who = names(entries);
  const place = (id: unknown) => ids.indexOf(Number(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${who.get(Number(active.id))}, number ${place(active.id)} of ${ids.length}.`,
    onDragOver: ({ active, over }) =>
      over ? `${who.get(Number(active.id))} is over number ${place(over.id)} of ${ids.length}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? `${who.get(Number(active.id))} dropped at number ${place(over.id)} of ${ids.length}.`
        : `${who.get(Number(active.id))} dropped.`,
    onDragCancel: ({ active }) => `Moving ${who.get(Number(active.id))} was cancelled.`,
  };

  return (
    <aside id="shortlist-panel" className="shortlist-panel" aria-labelledby="shortlist-title">
      <header className="shortlist-head">
        <h2 id="shortlist-title">
          Shortlist <span className="muted">· {entries.length === 1 ? '1 person' : `${entries.length} people`}</span>
        </h2>
        <span className="spacer" />
        <InviteNowField manuscriptId={manuscriptId} inviteNow={plan.inviteNow} />
        <button
          type="button"
          className="primary"
          disabled={toInvite.length === 0}
          onClick={() => useShortlistPanel.setState({ inviting: toInvite })}
          title={`Draft an invitation for the people to invite now (the first ${plan.inviteNow} not yet invited or out); the others wait as alternates`}
        >
          <Mail size={16} aria-hidden="true" /> Draft invitations ({drafts})
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label="Hide the shortlist"
          title="Hide the shortlist"
          onClick={() => useShortlistPanel.setState({ open: false })}
        >
          <X size={16} aria-hidden="true" />
        </button>
      </header>
      <ShortlistSpread manuscriptId={manuscriptId} />
      <Alert text={error ?? loadError} />
      <PanelNotice manuscriptId={manuscriptId} />
      {plan.proposals.length > 0 ? (
        <ul className="sl-proposals" aria-label="Next alternates proposed">
          {plan.proposals.map((p) => (
            <li key={p.authorId} data-testid="sl-proposal">
              <span>
                {p.replaces ? `${p.replaces.name} ${OUT_TEXT[p.replaces.why]}. ` : ''}Next alternate: <strong>{p.name}</strong>
              </span>
              <button type="button" onClick={() => useShortlistPanel.setState({ inviting: [p.authorId] })}>
                <Mail size={14} aria-hidden="true" /> Draft invitation to {p.name}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {entries.length === 0 ? (
        <div className="shortlist-empty">
          <p className="muted">
            Nobody yet. Tick the box before a candidate’s name, or press Space on a row of the table, to add them here, or let the window
            pick the first people of the table who have nothing against them.
          </p>
          <QuickPick manuscriptId={manuscriptId} />
        </div>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{
            announcements,
            screenReaderInstructions: {
              draggable: 'To move a person, press Space, move them with the up and down arrow keys, and press Space again to drop.',
            },
          }}
        >
          <SortableContext items={ids} strategy={verticalListSortingStrategy}>
            <ol className="shortlist-list" aria-label="Shortlisted people, in order">
              {entries.map((e, i) => (
                <Entry
                  key={e.authorId}
                  entry={e}
                  role={plan.roles.get(e.authorId)}
                  index={i}
                  count={entries.length}
                  onMove={reorder}
                  emailChars={emailChars}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
      {entries.length > 0 ? (
        <div className="sl-more">
          <QuickPick manuscriptId={manuscriptId} />
        </div>
      ) : null}
    </aside>
  );
}

/** What the last batch action did (people added, messages opened), with Undo where it can be taken back. */
function PanelNotice({ manuscriptId }: { manuscriptId: number }) {
  const notice = useShortlistPanel((s) => (s.notice?.manuscriptId === manuscriptId ? s.notice : null));
  return (
    <div className="sl-notice-slot" role="status">
      {notice ? (
        <p className="invite-toast sl-notice" data-testid="sl-notice">
          <Check size={16} aria-hidden="true" /> <span>{notice.text}</span>
          {notice.undo ? (
            <button type="button" className="linklike" onClick={notice.undo}>
              Undo
            </button>
          ) : null}
          <button
            type="button"
            className="icon-button"
            aria-label="Dismiss this message"
            onClick={() => useShortlistPanel.setState({ notice: null })}
          >
            <X size={14} aria-hidden="true" />
          </button>
        </p>
      ) : null}
    </div>
  );
}

/** Why a person's place is free, after their name in a proposal. */
const OUT_TEXT = { declined: 'declined', no_answer: 'did not answer', overdue: 'has not answered by the reminder date' } as const;

/** How many are invited at once: the first that many not yet out are invited now, the rest are alternates in order. */
function InviteNowField({ manuscriptId, inviteNow }: { manuscriptId: number; inviteNow: number }) {
  const [value, setValue] = useState(String(inviteNow));
  useEffect(() => setValue(String(inviteNow)), [inviteNow]);
  const commit = () => {
    const n = Number(value);
    if (Number.isInteger(n) && n >= 1 && n <= MAX_INVITE_NOW) {
      if (n !== inviteNow) void write('shortlist.setInviteNow', { manuscriptId, inviteNow: n });
    } else setValue(String(inviteNow));
  };
  return (
    <label className="sl-invite-now" title="How many people are invited at once; the others wait as alternates, in the list’s order">
      Invite now
      <input
        type="number"
        min={1}
        max={MAX_INVITE_NOW}
        step={1}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
        }}
      />
    </label>
  );
}

/** The person's place in the round, as a chip (nothing for people in play or to invite now). */
function RoleChip({ role }: { role: RoundRole | undefined }) {
  if (role?.kind === 'alternate')
    return (
      <span className="chip alternate" data-testid="sl-role" title="Invited when someone declines or does not answer by the reminder date">
        Alternate {role.order}
      </span>
    );
  if (role?.kind === 'away')
    return (
      <span className="chip away" data-testid="sl-role" title="Skipped as an alternate until then">
        {availabilityText(role.until)}
      </span>
    );
  return null;
}

function Entry({
  entry,
  role,
  index,
  count,
  onMove,
  emailChars,
}: {
  entry: ShortlistEntryRow;
  role: RoundRole | undefined;
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
  /** How many characters of an address fit the people's column (every entry shares its width). */
  emailChars: number;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: entry.authorId });
  const { manuscriptId, authorId, name } = entry;
  const key = { manuscriptId, authorId };
  const canInvite = TRANSITIONS[entry.status].includes('invited');
  return (
    <li
      ref={setNodeRef}
      className={`sl-entry${isDragging ? ' dragging' : ''}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-testid="sl-entry"
    >
      <div className="sl-order">
        <button
          type="button"
          ref={setActivatorNodeRef}
          className="icon-button drag-handle"
          aria-label={`Drag ${name} to another place`}
          {...attributes}
          {...listeners}
        >
          <GripVertical size={16} aria-hidden="true" />
        </button>
        <span className="sl-pos">{index + 1}</span>
      </div>
      <div className="sl-who">
        <strong>{name}</strong>
        {entry.email ? (
          <span className="muted sl-email" data-testid="sl-email" title={entry.email}>
            {shortAddress(entry.email, emailChars)}
          </span>
        ) : (
          <span className="muted sl-email">no e-mail</span>
        )}
        {entry.inLatestRun ? null : <span className="chip dropped">not in the latest run</span>}
        <RoleChip role={role} />
        <CandidateFlags authorId={entry.authorId} compact={false} />
        {entry.localConflicts ? <LocalConflictChips c={entry.localConflicts} /> : null}
        {entry.invitedByColleagues.length > 0 ? (
          <span
            className="chip colleague"
            data-testid="sl-colleague"
            title="Two invitations of one person for one manuscript: agree who follows up"
          >
            Also invited by {entry.invitedByColleagues.map((c) => `${c.editor} on ${DAY.format(c.invitedAt)}`).join(', ')}
          </span>
        ) : null}
      </div>
      <div className="sl-status">
        <span className={`status s-${entry.status}`} data-testid="sl-status">
          {statusLine(entry)}
        </span>
        {entry.status === 'declined' && entry.declineReason ? (
          <span className="muted sl-reason" data-testid="sl-reason">
            {declineText(entry.declineReason, entry.declineText)}
          </span>
        ) : null}
        {entry.serviceMark ? (
          <span className="chip marked sl-mark" title="The service’s mark (webhook); the status here is yours and stays as it is">
            Marked in the service{entry.serviceMark.markedBy ? ` by ${entry.serviceMark.markedBy}` : ''}
          </span>
        ) : null}
        <AnswerButtons entry={entry} />
        <StatusSelect entry={entry} />
      </div>
      <div className="sl-due">
        <span aria-hidden="true">Due</span>
        <DateInput
          label={`Due date for ${name}`}
          value={entry.dueDate}
          onChange={(dueDate) => void write('shortlist.setDue', { ...key, dueDate })}
        />
      </div>
      <NoteField entry={entry} />
      <div className="sl-actions">
        <button
          type="button"
          className="icon-button"
          aria-label={`Move ${name} up`}
          disabled={index === 0}
          onClick={() => onMove(index, index - 1)}
        >
          <ArrowUp size={16} aria-hidden="true" />
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label={`Move ${name} down`}
          disabled={index === count - 1}
          onClick={() => onMove(index, index + 1)}
        >
          <ArrowDown size={16} aria-hidden="true" />
        </button>
        {canInvite ? (
          <button type="button" onClick={() => useShortlistPanel.setState({ inviting: [authorId] })} aria-label={`Invite ${name}…`}>
            <Mail size={14} aria-hidden="true" /> Invite…
          </button>
        ) : null}
        <button
          type="button"
          className="icon-button"
          aria-label={`Remove ${name} from the shortlist`}
          onClick={() => void write('shortlist.remove', key)}
        >
          <X size={16} aria-hidden="true" />
        </button>
      </div>
    </li>
  );
}

/** The answers to an invitation, one click each, while the person may still answer. */
const ANSWERS = ['accepted', 'declined'] as const;
const answerable = (status: ShortlistStatus) => ANSWERS.every((a) => TRANSITIONS[status].includes(a));

function AnswerButtons({ entry }: { entry: ShortlistEntryRow }) {
  if (!answerable(entry.status)) return null;
  const set = (status: ShortlistStatus) =>
    void write('shortlist.setStatus', { manuscriptId: entry.manuscriptId, authorId: entry.authorId, status });
  return (
    <span className="sl-answers" role="group" aria-label={`Answer of ${entry.name}`}>
      <button type="button" onClick={() => set('accepted')} aria-label={`${entry.name} accepted`}>
        Accepted
      </button>
      <button
        type="button"
        onClick={() => useShortlistPanel.setState({ declining: entry.authorId })}
        aria-label={`${entry.name} declined…`}
      >
        Declined…
      </button>
    </span>
  );
}

/** The other moves the status allows next (common/domain/shortlist TRANSITIONS); answers have their buttons. */
function StatusSelect({ entry }: { entry: ShortlistEntryRow }) {
  const buttons = answerable(entry.status);
  const options = nextStatuses(entry.status).filter((o) => !(buttons && (ANSWERS as readonly string[]).includes(o.status)));
  if (options.length === 0) return null;
  return (
    <Select
      className="sl-status-select"
      label={`Change the status of ${entry.name}`}
      value=""
      placeholder="Change status…"
      options={options.map((o) => ({ value: o.status, label: o.label }))}
      onChange={(value) => {
        const status = value as ShortlistStatus;
        // A decline asks for its reason first.
        if (status === 'declined') useShortlistPanel.setState({ declining: entry.authorId });
        else if (status) void write('shortlist.setStatus', { manuscriptId: entry.manuscriptId, authorId: entry.authorId, status });
      }}
    />
  );
}

/**
 * The note, saved a moment after typing stops and when the field is left. What core sends back never
 * replaces what is being typed: the saved note is taken in only while the field is idle.
 */
function NoteField({ entry }: { entry: ShortlistEntryRow }) {
  const [value, setValue] = useState(entry.note);
  const latest = useRef(entry.note);
  const saved = useRef(entry.note);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const editing = useRef(false);
  const { manuscriptId, authorId } = entry;

  const save = useRef((note: string) => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    if (note === saved.current) return;
    saved.current = note;
    void write('shortlist.note', { manuscriptId, authorId, note });
  }).current;

  useEffect(() => {
    if (editing.current || timer.current !== null) return;
    saved.current = entry.note;
    latest.current = entry.note;
    setValue(entry.note);
  }, [entry.note]);
  // Leaving the view with a note still waiting: it is saved, not dropped.
  useEffect(() => () => save(latest.current), [save]);

  return (
    <label className="sl-note">
      <span className="sr-only">Note on {entry.name}</span>
      <textarea
        rows={1}
        placeholder="Note"
        maxLength={4000}
        value={value}
        onFocus={() => (editing.current = true)}
        onBlur={() => {
          editing.current = false;
          save(latest.current);
        }}
        onChange={(e) => {
          const note = e.target.value;
          latest.current = note;
          setValue(note);
          if (timer.current !== null) clearTimeout(timer.current);
          timer.current = setTimeout(() => save(note), 600);
        }}
      />
    </label>
  );
}

/**
 * A shortlisted person who is no candidate of the manuscript's runs (a reviewer the authors suggested): the
 * service never checked their conflicts; what their affiliation shares with the authors' is said instead.
 */
export function LocalConflictChips({ c }: { c: LocalConflicts }) {
  const found = [c.sharesInstitution ? 'an institution' : null, c.sharesCountry ? `a country (${c.sharesCountry})` : null].filter(Boolean);
  return (
    <>
      <span
        className="chip unchecked"
        data-testid="sl-unchecked"
        title={
          'Not a candidate of this manuscript, so the service did not check conflicts of interest. ' +
          (found.length > 0
            ? `Their affiliation shares ${found.join(' and ')} with the authors’.`
            : 'Their affiliation shares no institution or country with the authors’ that the app can read.')
        }
      >
        Conflicts not checked by the service
      </span>
      {c.sharesInstitution ? (
        <span className="chip conflict" data-testid="sl-local-institution">
          Same institution as an author
        </span>
      ) : null}
      {c.sharesCountry ? (
        <span className="chip conflict" data-testid="sl-local-country">
          Same country as an author ({c.sharesCountry})
        </span>
      ) : null}
    </>
  );
}

// The cells of the candidate table, by the column ids of the one column definition (common/domain/candidates).
import * as buildingIcon from 'lucide-react/icons/building-complex';
import * as checkIcon from 'lucide-react/icons/check';
import * as helpIcon from 'lucide-react/icons/circle-question-mark';
import * as copyIcon from 'lucide-react/icons/copy';
import * as externalLinkIcon from 'lucide-react/icons/external-link';
import * as fileWarningIcon from 'lucide-react/icons/file-exclamation-point';
import * as mailIcon from 'lucide-react/icons/mail';
import * as quoteIcon from 'lucide-react/icons/quote';
import * as shieldAlertIcon from 'lucide-react/icons/shield-exclamation-point';
import * as starIcon from 'lucide-react/icons/star';
import * as usersIcon from 'lucide-react/icons/users';
import { createElement, type ReactElement, type ReactNode } from 'react';
import { SCREEN_COLUMNS, type ScreenColumnKey } from '../../../../electron/common/domain/candidates';
import { conflictBadges } from '../../../../electron/common/domain/conflicts';
import { mailtoHref, shortAddress } from '../../../../electron/common/domain/mailto';
import { webHref } from '../../../../electron/common/domain/links';
import { CONFLICT_KEYS, type ConflictKey } from '../../../../electron/common/service/conflict-keys';
import type { CandidateLoadRow } from '../../../../electron/common/shapes';
import type { CandidateRow } from '../../../../electron/common/shapes';
import { authorOfText, colleagueText, loadText } from '../reviewers/format';
import { InvitationStatus } from './InvitationStatus';
import { CandidateFlags } from './CandidateFlags';
import { CandidateLoad } from './CandidateLoad';

/** One formatter for every cell: toLocaleString builds a new one per call, which shows while scrolling. */
const NUMBER = new Intl.NumberFormat();
export const num = (v: number | null) => (v === null ? '—' : NUMBER.format(v));

/** A lucide icon's drawing: its elements and their attributes (the `__iconData.node` of its module). */
type IconNode = ReadonlyArray<readonly [string, Record<string, string>]>;
/** lucide-react's icon modules export the drawing next to the component; their .d.mts declares the
 * component only, so the namespace is read through this shape (test/unit/renderer/table-icons.test.tsx
 * fails if a module stops exporting it). The modules imported are the icons' own names: an alias
 * (building-2, file-warning, shield-alert, circle-help) re-exports the component and not the drawing. */
const nodeOf = (module: unknown): IconNode => (module as { __iconData: { node: IconNode } }).__iconData.node;

/** The table's icons, by name. */
const TABLE_ICONS = {
  check: nodeOf(checkIcon),
  users: nodeOf(usersIcon),
  building: nodeOf(buildingIcon),
  'file-warning': nodeOf(fileWarningIcon),
  quote: nodeOf(quoteIcon),
  'shield-alert': nodeOf(shieldAlertIcon),
  help: nodeOf(helpIcon),
  copy: nodeOf(copyIcon),
  star: nodeOf(starIcon),
  'external-link': nodeOf(externalLinkIcon),
  mail: nodeOf(mailIcon),
} satisfies Record<string, IconNode>;
export type TableIconName = keyof typeof TABLE_ICONS;
export const TABLE_ICON_NAMES = Object.keys(TABLE_ICONS) as TableIconName[];

const CONFLICT_ICON_NAME: Record<ConflictKey, TableIconName> = {
  coauth_conflicts: 'users',
  aff_conflicts: 'building',
  retracted_articles: 'file-warning',
  referenced_articles: 'quote',
  external_coi: 'shield-alert',
};

/** A conflict flag's icon, in the table and in the details: the flag's own when set, "?" when the run did
 * not report it, a tick when it is clear. */
export const conflictIcon = (key: ConflictKey, value: boolean | null): ReactElement =>
  tableIcon(value === null ? 'help' : value ? CONFLICT_ICON_NAME[key] : 'check');

/** The icons' elements, one per icon and size, made once (see tableIcon). */
const iconElements = new Map<string, ReactElement>();

/**
 * A table icon: lucide's drawing as a plain `<svg>` with its paths, the same attributes lucide-react
 * gives it. No component and no hook, and the same element object every time: React skips an icon that
 * stayed in a recycled row (VirtualTable) without rendering it. Not a `<use>` of a sprite symbol: each
 * `<use>` clones the symbol into a shadow tree of its own, styled and laid out for every row scrolled in
 * (issue 12's scroll frames: ~0.7 ms of the median frame at 5 rows a frame), and not a CSS mask (an effect of its own
 * in paint).
 */
export function tableIcon(name: TableIconName, size: 12 | 14 = 14): ReactElement {
  const id = `${name}/${size}`;
  let icon = iconElements.get(id);
  if (!icon) {
    icon = (
      <svg
        className={`lucide ti-${name}`}
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        {TABLE_ICONS[name].map(([tag, { key, ...attrs }]) => createElement(tag, { key, ...attrs }))}
      </svg>
    );
    iconElements.set(id, icon);
  }
  return icon;
}

/** The conflicts cells' elements, by what the flags say (three states for each of the five flags). */
const conflictElements = new Map<number, ReactElement>();

/**
 * Each flag by icon and word; "None" said when nothing is flagged; a flag the run did not carry marked "?".
 * The cell shows only the five flags' states, so there are at most 3^5 cells, each made once: a row
 * recycled while scrolling (VirtualTable) whose person's flags say the same as the last one's (most rows:
 * "None") gets the same element, which React skips. One shape whatever the flags, its parts keyed by
 * place: between two different cells React updates the words, titles and icons of the spans it has, and
 * adds or removes a span only when the number of flags changes.
 */
export function conflictsCell(conflicts: CandidateRow['conflicts']): ReactElement {
  let code = 0;
  for (let i = 0; i < CONFLICT_KEYS.length; i++) {
    const v = conflicts[CONFLICT_KEYS[i]!];
    code = code * 3 + (v === false ? 0 : v === null ? 2 : 1);
  }
  let cell = conflictElements.get(code);
  if (!cell) {
    cell = <ConflictsCell conflicts={conflicts} />;
    conflictElements.set(code, cell);
  }
  return cell;
}

function ConflictsCell({ conflicts }: { conflicts: CandidateRow['conflicts'] }) {
  const badges = conflictBadges(conflicts);
  // Three flags or more do not fit a row's two lines in words: then each is its icon, its word in the
  // tooltip and for screen readers (the details list them all in full).
  const compact = badges.length > 2;
  return (
    <span className={badges.length === 0 ? 'conflicts none' : compact ? 'conflicts compact' : 'conflicts'} data-testid="conflicts">
      {badges.length === 0 ? (
        <span key={0} className="clear">
          {tableIcon('check')} None
        </span>
      ) : (
        badges.map((b, i) => (
          <span
            key={i}
            className={`flag ${b.unknown ? 'unknown' : 'coi'}`}
            title={`${compact ? `${b.badge}: ` : ''}${b.unknown ? `Not reported by this run: ${b.explain}` : b.explain}`}
          >
            {conflictIcon(b.key, b.unknown ? null : true)}
            {compact ? <span className="sr-only">{b.badge}</span> : b.badge}
            {b.unknown ? <span className="sr-only"> (not reported)</span> : null}
          </span>
        ))
      )}
    </span>
  );
}

/**
 * The e-mail on one line, shortened in its middle when the column is too narrow for it (whole on hover, in the
 * link and in the copy), with a copy button; a mail link only when it is a single address.
 */
export function EmailCell({ row, onCopied, chars }: { row: CandidateRow; onCopied: (text: string) => void; chars: number }) {
  if (!row.email) return <span className="muted">none</span>;
  const email = row.email;
  const href = mailtoHref(email);
  const shown = shortAddress(email, chars);
  return (
    <span className="email-cell">
      {href === null ? (
        <span className="email" data-testid="email" title={`${email} — not a single e-mail address: no mail link`}>
          {shown}
        </span>
      ) : (
        <a className="email" href={href} tabIndex={-1} data-testid="email" title={shown === email ? undefined : email}>
          {shown}
        </a>
      )}
      <button
        type="button"
        className="icon-button"
        tabIndex={-1}
        aria-label={`Copy the e-mail of ${row.name}`}
        title="Copy"
        onClick={() => void navigator.clipboard.writeText(email).then(() => onCopied(`${email} copied`))}
      >
        {tableIcon('copy')}
      </button>
    </span>
  );
}

export interface CellContext {
  maxScore: number;
  /** Characters the e-mail column holds on one line (its width, measured once per resize). */
  emailChars: number;
  moved: Map<number, string>;
  groupEffect: string | null;
  onOpen: (row: CandidateRow) => void;
  onCopied: (text: string) => void;
}

/**
 * How a screen column's cell looks when it is more than its value, by the column's id in the one definition
 * (CANDIDATE_COLUMNS in electron/common/domain/candidates.ts, which also gives the label, the width and what the
 * exports write). A column without an entry here shows that value (plainCell); an entry without a screen column
 * does not compile.
 */
export const CELLS: Partial<Record<ScreenColumnKey, (c: CandidateRow, ctx: CellContext) => ReactNode>> = {
  rank: (c) => c.rank + 1,
  name: (c, ctx) => {
    const move = ctx.moved.get(c.authorId);
    return (
      <span className="name-cell">
        <span className="line1">
          {move ? <span className={`chip ${move === 'New' ? 'new' : 'moved'}`}>{move}</span> : null}
          <CandidateFlags authorId={c.authorId} />
          <CandidateLoad row={c}>{loadChips}</CandidateLoad>
          <button
            type="button"
            className="linklike name"
            tabIndex={-1}
            onClick={() => ctx.onOpen(c)}
            title="Why this candidate: concepts, conflicts, groups, history"
          >
            {c.name}
          </button>
          <InvitationStatus authorId={c.authorId} />
        </span>
        <span className="line2 muted" title={c.affiliation ?? ''}>
          {c.affiliation ?? 'Affiliation unknown'}
        </span>
      </span>
    );
  },
  conflicts: (c) => conflictsCell(c.conflicts),
  email: (c, ctx) => <EmailCell row={c} onCopied={ctx.onCopied} chars={ctx.emailChars} />,
  score: (c, ctx) => <ScoreBar value={c.score} max={ctx.maxScore} />,
  concepts: (c) => (
    <span className="ellipsis" title={c.relevantConcepts.join(', ')}>
      {c.relevantConcepts.join(', ') || '—'}
    </span>
  ),
  groups: (c, ctx) =>
    c.authorsGroups.length > 0 ? (
      <span
        className={`chip group ${ctx.groupEffect ?? ''}`}
        title={`In authors group ${c.authorsGroups.map((g) => g.group_id).join(', ')}${ctx.groupEffect ? ` (${ctx.groupEffect})` : ''}`}
      >
        {tableIcon('users', 12)} {c.authorsGroups.length}
        <span className="sr-only"> authors group{c.authorsGroups.length === 1 ? '' : 's'}</span>
      </span>
    ) : null,
  marked: (c) => (c.marked ? markedChip(c.markedBy ?? null) : null),
  url: (c) => {
    const href = webHref(c.url);
    return href ? (
      <a href={href} target="_blank" rel="noreferrer noopener" tabIndex={-1} aria-label={`Open the profile of ${c.name}`}>
        {tableIcon('external-link')} Open
      </a>
    ) : null;
  },
};

const markedElements = new Map<string | null, ReactElement>();
/** One element for every person marked by the same user: the star alone fits the narrow column under its "Marked"
 * header; who marked (any user of the organization, a colleague's mark through the office too) is in its title and
 * said to screen readers. */
function markedChip(markedBy: string | null): ReactElement {
  let el = markedElements.get(markedBy);
  if (!el) {
    el = (
      <span className="chip marked" title={markedBy ? `Marked by ${markedBy} in the service` : 'Marked in the service'}>
        {tableIcon('star', 12)}
        <span className="sr-only">Marked</span>
        {markedBy ? <span className="sr-only"> by {markedBy}</span> : null}
      </span>
    );
    if (markedElements.size < 256) markedElements.set(markedBy, el);
  }
  return el;
}

/** The name cell's load chips, one function for every row (not a new closure per row rendered). */
const loadChips = (load: CandidateLoadRow | undefined) => <LoadChips load={load} />;

const EMPTY = <span className="muted">—</span>;
const VALUE = new Map(SCREEN_COLUMNS.map((column) => [column.key, column.value]));

/** The value the exports write, as a cell: a number formatted, text on one line (whole in its tooltip), or a dash. */
export function plainCell(value: string | number | null): ReactNode {
  if (value === null || value === '') return EMPTY;
  if (typeof value === 'number') return num(value);
  return (
    <span className="ellipsis" title={value}>
      {value}
    </span>
  );
}

export function renderCell(key: ScreenColumnKey, c: CandidateRow, ctx: CellContext): ReactNode {
  const cell = CELLS[key];
  return cell ? cell(c, ctx) : plainCell(VALUE.get(key)!(c));
}

/** A bar scaled to the score (its track has a fixed width, not the width of the number). */
export function ScoreBar({ value, max, label }: { value: number | null; max: number; label?: string }) {
  const share = value === null || max <= 0 ? 0 : Math.max(0, Math.min(1, value / max));
  return (
    <span className="score" title={value === null ? '' : value.toFixed(3)} aria-label={label}>
      <span className="track" aria-hidden="true">
        <span className="fill" style={{ width: `${Math.round(100 * share)}%` }} />
      </span>
      <span className="value">{value === null ? '—' : value.toFixed(2)}</span>
    </span>
  );
}

/** The load badge ("Busy", with why) and the "author in this folder" warning, before the name. */
export function LoadChips({ load }: { load: CandidateLoadRow | undefined }) {
  const busy = loadText(load);
  const authorOf = authorOfText(load);
  const colleagues = colleagueText(load);
  if (!busy && authorOf.length === 0 && colleagues.length === 0) return null;
  return (
    <>
      {busy ? (
        <span className="chip busy" title={busy.why} data-testid="load-badge">
          {busy.badge}
          <span className="sr-only">: {busy.why}</span>
        </span>
      ) : null}
      {authorOf.length > 0 ? (
        <span className="chip author-of" title={authorOf.join('\n')} data-testid="author-of">
          Author here
          <span className="sr-only">: {authorOf.join('; ')}</span>
        </span>
      ) : null}
      {colleagues.length > 0 ? (
        <span className="chip colleague" title={colleagues.join('\n')} data-testid="colleague-invited">
          {tableIcon('mail', 12)} {load!.colleagues[0]!.editor}
          <span className="sr-only">: {colleagues.join('; ')}</span>
        </span>
      ) : null}
    </>
  );
}

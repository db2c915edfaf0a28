// The cells of the candidate table, by the column ids of the one column definition (common/domain/candidates).
import {
  Building2,
  Check,
  CircleHelp,
  Copy,
  ExternalLink,
  FileWarning,
  Quote,
  ShieldAlert,
  Star,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { memo, type ReactNode } from 'react';
import type { ScreenColumnKey } from '../../../../electron/common/domain/candidates';
import { conflictBadges } from '../../../../electron/common/domain/conflicts';
import type { ConflictKey } from '../../../../electron/common/service';
import type { CandidateLoadRow } from '../../../../electron/common/rows';
import type { CandidateRow } from '../../../../electron/common/views';
import { authorOfText, loadText } from '../reviewers/format';
import { CandidateLoad } from './CandidateLoad';

/** One formatter for every cell: toLocaleString builds a new one per call, which shows while scrolling. */
const NUMBER = new Intl.NumberFormat();
export const num = (v: number | null) => (v === null ? '—' : NUMBER.format(v));

export const CONFLICT_ICON: Record<ConflictKey, LucideIcon> = {
  coauth_conflicts: Users,
  aff_conflicts: Building2,
  retracted_articles: FileWarning,
  referenced_articles: Quote,
  external_coi: ShieldAlert,
};

/**
 * The table's icons: lucide's inline SVG, memoised on the icon, so a recycled row (VirtualTable) whose
 * icon stays the same skips it and its DOM is left as it was. They were CSS masks (one data: URL per
 * icon): each masked icon is an effect of its own in Blink's paint, ~1 ms of a scroll frame's paint
 * at two icons per row (issue 12's scroll benchmark), where an inline path is one more draw.
 */
const Ico = memo(function Ico({ icon: Icon, size = 14 }: { icon: LucideIcon; size?: 12 | 14 }) {
  return <Icon size={size} aria-hidden="true" />;
});

/** Each flag by icon and word; "None" said when nothing is flagged; a flag the run did not carry marked "?". */
export function ConflictsCell({ row }: { row: CandidateRow }) {
  const badges = conflictBadges(row.conflicts);
  if (badges.length === 0)
    return (
      <span className="conflicts none" data-testid="conflicts">
        <Ico icon={Check} /> None
      </span>
    );
  // Three flags or more do not fit a row's two lines in words: then each is its icon, its word in the
  // tooltip and for screen readers (the details list them all in full).
  const compact = badges.length > 2;
  return (
    <span className={compact ? 'conflicts compact' : 'conflicts'} data-testid="conflicts">
      {badges.map((b) => {
        return (
          <span
            key={b.key}
            className={`flag ${b.unknown ? 'unknown' : 'coi'}`}
            title={`${compact ? `${b.badge}: ` : ''}${b.unknown ? `Not reported by this run: ${b.explain}` : b.explain}`}
          >
            <Ico icon={b.unknown ? CircleHelp : CONFLICT_ICON[b.key]} />
            {compact ? <span className="sr-only">{b.badge}</span> : b.badge}
            {b.unknown ? <span className="sr-only"> (not reported)</span> : null}
          </span>
        );
      })}
    </span>
  );
}

/** The e-mail in full (it wraps rather than being cut), with a copy button. */
export function EmailCell({ row, onCopied }: { row: CandidateRow; onCopied: (text: string) => void }) {
  if (!row.email) return <span className="muted">none</span>;
  const email = row.email;
  return (
    <span className="email-cell">
      <a className="email" href={`mailto:${email}`} tabIndex={-1} data-testid="email">
        {email}
      </a>
      <button
        type="button"
        className="icon-button"
        tabIndex={-1}
        aria-label={`Copy the e-mail of ${row.name}`}
        title="Copy"
        onClick={() => void navigator.clipboard.writeText(email).then(() => onCopied(`${email} copied`))}
      >
        <Ico icon={Copy} />
      </button>
    </span>
  );
}

export interface CellContext {
  maxScore: number;
  moved: Map<number, string>;
  groupEffect: string | null;
  onOpen: (row: CandidateRow) => void;
  onCopied: (text: string) => void;
}

/**
 * How each screen column's cell looks, by the column's id in the one definition (CANDIDATE_COLUMNS in
 * electron/common/domain/candidates.ts, which also gives the label, the width and what the exports
 * write). A Record over the screen's ids: a screen column without a cell, or a cell without a column,
 * does not compile.
 */
export const CELLS: Record<ScreenColumnKey, (c: CandidateRow, ctx: CellContext) => ReactNode> = {
  rank: (c) => c.rank + 1,
  name: (c, ctx) => {
    const move = ctx.moved.get(c.authorId);
    return (
      <span className="name-cell">
        <span className="line1">
          {move ? <span className={`chip ${move === 'New' ? 'new' : 'moved'}`}>{move}</span> : null}
          <CandidateLoad row={c}>{(load) => <LoadChips load={load} />}</CandidateLoad>
          <button
            type="button"
            className="linklike name"
            tabIndex={-1}
            onClick={() => ctx.onOpen(c)}
            title="Why this candidate: concepts, conflicts, groups, history"
          >
            {c.name}
          </button>
        </span>
        <span className="line2 muted" title={c.affiliation ?? ''}>
          {c.affiliation ?? 'Affiliation unknown'}
        </span>
      </span>
    );
  },
  conflicts: (c) => <ConflictsCell row={c} />,
  email: (c, ctx) => <EmailCell row={c} onCopied={ctx.onCopied} />,
  hIndex: (c) => num(c.hIndex),
  articles: (c) => num(c.articlesCount),
  citations: (c) => num(c.citationsCount),
  score: (c, ctx) => <ScoreBar value={c.score} max={ctx.maxScore} />,
  affiliation: (c) => (
    <span className="ellipsis" title={c.affiliation ?? ''}>
      {c.affiliation ?? '—'}
    </span>
  ),
  orcid: (c) => c.orcid ?? <span className="muted">—</span>,
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
        <Ico icon={Users} size={12} /> {c.authorsGroups.length}
        <span className="sr-only"> authors group{c.authorsGroups.length === 1 ? '' : 's'}</span>
      </span>
    ) : null,
  marked: (c) =>
    c.marked ? (
      // The star alone fits the narrow column under its "Marked" header; the word stays for screen readers.
      <span className="chip marked" title="Marked in the service">
        <Ico icon={Star} size={12} />
        <span className="sr-only">Marked</span>
      </span>
    ) : null,
  url: (c) =>
    c.url ? (
      <a href={c.url} target="_blank" rel="noreferrer noopener" tabIndex={-1} aria-label={`Open the profile of ${c.name}`}>
        <Ico icon={ExternalLink} /> Open
      </a>
    ) : null,
};

export function renderCell(key: ScreenColumnKey, c: CandidateRow, ctx: CellContext): ReactNode {
  return CELLS[key](c, ctx);
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
  if (!busy && authorOf.length === 0) return null;
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
    </>
  );
}

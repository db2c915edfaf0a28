// The candidate table's first column: a checkbox that puts the person on the manuscript's shortlist.
import type { KeyboardEvent, MouseEvent } from 'react';
import type { CandidateRow, ShortlistEntryRow } from '../../../../electron/common/shapes';
import type { Column } from '../../components/VirtualTable';
import { tableIcon } from './cells';
import { toggleShortlist, useOpenShortlist } from './shortlistState';

/** The shortlisted author ids of one answer, computed once per answer (not once per row). */
const idSets = new WeakMap<readonly ShortlistEntryRow[], Set<number>>();
function idsOf(data: readonly ShortlistEntryRow[]): Set<number> {
  let ids = idSets.get(data);
  if (!ids) idSets.set(data, (ids = new Set(data.map((e) => e.authorId))));
  return ids;
}

/** A double-click on the checkbox toggles twice; it does not open the person's details too. */
const keepDoubleClick = (e: MouseEvent) => e.stopPropagation();

/**
 * Subscribes to its own row's membership, so a change re-renders one cell, not the table. A plain
 * checkbox button (the markup Radix Checkbox renders, without its context providers and state hooks),
 * because one is built for every row that scrolls into view.
 */
function ShortlistCheck({ row }: { row: CandidateRow }) {
  const on = useOpenShortlist((s) => s.data !== null && idsOf(s.data).has(row.authorId));
  return (
    <button
      type="button"
      role="checkbox"
      className="checkbox"
      tabIndex={-1}
      aria-checked={on}
      data-state={on ? 'checked' : 'unchecked'}
      aria-label={`Shortlist ${row.name}`}
      onClick={() => void toggleShortlist(row)}
      onDoubleClick={keepDoubleClick}
    >
      {on ? tableIcon('check', 12) : null}
    </button>
  );
}

/** A stable column (defined once), so adding it does not re-render every row on each store update. */
export const SHORTLIST_COLUMN: Column<CandidateRow> = {
  key: 'shortlist',
  label: 'Pick',
  width: '44px',
  align: 'center',
  render: (row) => <ShortlistCheck row={row} />,
};

/** Space on a focused row of the table toggles that person (rows are the table's focus stops). */
export function onShortlistKey(e: KeyboardEvent<HTMLElement>, rows: readonly CandidateRow[]): void {
  if (e.key !== ' ' || e.ctrlKey || e.altKey || e.metaKey) return;
  const el = e.target as HTMLElement;
  if (el.getAttribute('role') !== 'row' || !el.closest('[role="table"][aria-label="Referee candidates"]')) return;
  const row = rows[Number(el.getAttribute('aria-rowindex')) - 2];
  if (!row) return;
  e.preventDefault();
  void toggleShortlist(row);
}

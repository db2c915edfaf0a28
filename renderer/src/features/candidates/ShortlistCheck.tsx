// The candidate table's first column: a checkbox that puts the person on the manuscript's shortlist.
import * as Checkbox from '@radix-ui/react-checkbox';
import type { KeyboardEvent } from 'react';
import type { CandidateRow } from '../../../../electron/common/views';
import type { Column } from '../../components/VirtualTable';
import { useManuscripts } from '../../stores/manuscripts';
import { useShortlist } from '../../stores/reads';
import { toggleShortlist } from './shortlistState';

/** Subscribes to its own row's membership, so a change re-renders one cell, not the table. */
function ShortlistCheck({ row }: { row: CandidateRow }) {
  const manuscriptId = useManuscripts((s) => s.detail?.manuscript.id ?? null);
  const on = useShortlist((s) => s.answered?.manuscriptId === manuscriptId && (s.data?.some((e) => e.authorId === row.authorId) ?? false));
  return (
    <Checkbox.Root
      className="checkbox"
      tabIndex={-1}
      checked={on}
      aria-label={`Shortlist ${row.name}`}
      onCheckedChange={() => void toggleShortlist(row)}
      onDoubleClick={(e) => e.stopPropagation()}
    >
      <Checkbox.Indicator>
        <span className="ti ti-Check small" aria-hidden="true" />
      </Checkbox.Indicator>
    </Checkbox.Root>
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

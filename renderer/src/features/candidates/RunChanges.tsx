import { useMemo, useState } from 'react';
import {
  CHANGE_TEXT,
  changeCounts,
  changeRows,
  changesTable,
  type ChangeKind,
  type ChangeRow,
} from '../../../../electron/common/domain/compare';
import { toCsv } from '../../../../electron/common/domain/csv';
import type { RunComparison } from '../../../../electron/common/shapes';
import { VirtualTable, type Column } from '../../components/VirtualTable';
import { download } from '../../components/download';
import { useCandidates } from '../../stores/candidates';

const rank = (v: number | null) => (v === null ? '—' : v);
const score = (v: number | null) => (v === null ? '—' : v.toFixed(2));

const columns: Column<ChangeRow>[] = [
  {
    key: 'change',
    label: 'Change',
    width: '120px',
    render: (r) => (
      <span className={`chip ${r.change === 'new' ? 'new' : r.change === 'dropped' ? 'dropped' : 'moved'}`}>
        {r.change === 'up' ? `↑ ${r.delta} places` : r.change === 'down' ? `↓ ${-r.delta!} places` : CHANGE_TEXT[r.change]}
      </span>
    ),
  },
  { key: 'name', label: 'Name', width: 'minmax(140px, 1.2fr)', render: (r) => r.name },
  {
    key: 'affiliation',
    label: 'Affiliation',
    width: 'minmax(120px, 1fr)',
    render: (r) => <span className="ellipsis">{r.affiliation ?? '—'}</span>,
  },
  { key: 'fromRank', label: 'Rank before', width: '104px', align: 'right', render: (r) => rank(r.fromRank) },
  { key: 'toRank', label: 'Rank now', width: '92px', align: 'right', render: (r) => rank(r.toRank) },
  { key: 'fromScore', label: 'Score before', width: '108px', align: 'right', render: (r) => score(r.fromScore) },
  { key: 'toScore', label: 'Score now', width: '96px', align: 'right', render: (r) => score(r.toScore) },
];

const KINDS: ChangeKind[] = ['new', 'up', 'down', 'dropped'];

/** The difference between two runs of a manuscript as its own table: who is new, who left, who moved and how far. */
export function RunChanges({
  comparison,
  fromSeq,
  toSeq,
  exportName,
}: {
  comparison: RunComparison;
  fromSeq: number | undefined;
  toSeq: number | undefined;
  exportName: string;
}) {
  const all = useMemo(() => changeRows(comparison), [comparison]);
  const counts = useMemo(() => changeCounts(all), [all]);
  const [kind, setKind] = useState<ChangeKind | 'all'>('all');
  const rows = useMemo(() => (kind === 'all' ? all : all.filter((r) => r.change === kind)), [all, kind]);
  const { showAuthor } = useCandidates.getState();
  const exportCsv = () => {
    const t = changesTable(rows);
    download(`${exportName}-changes.csv`, 'text/csv', toCsv(t.header, t.rows));
  };
  return (
    <section className="run-changes" aria-label={`Changes from run ${fromSeq ?? '?'} to run ${toSeq ?? '?'}`}>
      <div className="toolbar">
        <fieldset className="segmented">
          <legend className="sr-only">Show changes</legend>
          <label>
            <input type="radio" name="change-kind" checked={kind === 'all'} onChange={() => setKind('all')} /> All changes ({all.length})
          </label>
          {KINDS.map((k) => (
            <label key={k}>
              <input type="radio" name="change-kind" checked={kind === k} onChange={() => setKind(k)} /> {CHANGE_TEXT[k]} ({counts[k]})
            </label>
          ))}
        </fieldset>
        <span className="spacer" />
        <span className="muted">{comparison.unchanged} kept their place</span>
        <button type="button" onClick={exportCsv} disabled={rows.length === 0}>
          Export changes CSV
        </button>
      </div>
      <VirtualTable
        label="Changes between runs"
        columns={columns}
        rows={rows}
        onActivate={(r) => void showAuthor(r.authorId)}
        empty={
          `No candidate ${kind === 'all' ? 'changed' : CHANGE_TEXT[kind as ChangeKind].toLowerCase()} ` +
          `between run #${fromSeq ?? '?'} and run #${toSeq ?? '?'}.`
        }
      />
    </section>
  );
}

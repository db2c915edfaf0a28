import type { CandidateRow } from '../../../../electron/common/shapes';

/** h-index spread of the shown candidates: a small histogram reads faster than a column of numbers. */
export function ScoreChart({ rows }: { rows: readonly CandidateRow[] }) {
  const values = rows.map((r) => r.hIndex).filter((v): v is number => v !== null);
  if (values.length === 0) return null;
  const max = Math.max(...values);
  const bins = 10;
  const width = Math.max(1, Math.ceil((max + 1) / bins));
  const counts = Array.from({ length: bins }, (_, i) => values.filter((v) => Math.floor(v / width) === i).length);
  const top = Math.max(...counts, 1);
  return (
    <figure className="chart">
      <svg viewBox={`0 0 ${bins * 12} 60`} role="img" aria-label={`h-index spread: from 0 to ${max}`}>
        {counts.map((c, i) => (
          <rect key={i} x={i * 12 + 1} y={60 - (c / top) * 56} width={10} height={(c / top) * 56} className="chart-bar">
            <title>{`h-index ${i * width}–${(i + 1) * width - 1}: ${c}`}</title>
          </rect>
        ))}
      </svg>
      <figcaption>h-index spread (0–{max})</figcaption>
    </figure>
  );
}

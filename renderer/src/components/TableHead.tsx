// The header row of a plain (not virtualised) table: one column header a label, with its class where it has one.
export type HeadCell = string | { label: string; className: string };

export function TableHead({ labels }: { labels: readonly HeadCell[] }) {
  return (
    <thead>
      <tr>
        {labels.map((cell) => {
          const { label, className } = typeof cell === 'string' ? { label: cell, className: undefined } : cell;
          return (
            <th key={label} scope="col" className={className}>
              {label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}

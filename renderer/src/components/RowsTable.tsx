// A plain (not virtualised) table of a list: the header row, then one row an item whose cells the caller renders.
import type { ReactNode, TableHTMLAttributes } from 'react';
import { TableHead, type HeadCell } from './TableHead';

export interface RowsTableProps<T> extends Omit<TableHTMLAttributes<HTMLTableElement>, 'children'> {
  head: readonly HeadCell[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** The cells (td elements) of an item's row. */
  children: (row: T) => ReactNode;
}

export function RowsTable<T>({ head, rows, rowKey, children, ...table }: RowsTableProps<T>) {
  return (
    <table {...table}>
      <TableHead labels={head} />
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>{children(row)}</tr>
        ))}
      </tbody>
    </table>
  );
}

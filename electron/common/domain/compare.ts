// Two runs of the same manuscript side by side: one row per candidate who came, left or moved.
import type { RunComparison } from '../shapes';

export type ChangeKind = 'new' | 'up' | 'down' | 'dropped';

export const CHANGE_TEXT: Record<ChangeKind, string> = { new: 'New', up: 'Moved up', down: 'Moved down', dropped: 'Dropped' };

export interface ChangeRow {
  authorId: number;
  name: string;
  affiliation: string | null;
  change: ChangeKind;
  /** 1-based rank in the earlier run (null: not in it). */
  fromRank: number | null;
  /** 1-based rank in the later run (null: not in it). */
  toRank: number | null;
  /** Places gained (positive) or lost (negative); null for new and dropped candidates. */
  delta: number | null;
  fromScore: number | null;
  toScore: number | null;
}

const ORDER: Record<ChangeKind, number> = { new: 0, up: 1, down: 2, dropped: 3 };

/** Every change between two runs: new (by new rank), moved up (most places first), moved down (most places first), dropped (by old rank). */
export function changeRows(c: RunComparison): ChangeRow[] {
  const rows: ChangeRow[] = [
    ...c.added.map((x) => ({
      authorId: x.authorId,
      name: x.name,
      affiliation: x.affiliation,
      change: 'new' as const,
      fromRank: null,
      toRank: x.rank + 1,
      delta: null,
      fromScore: null,
      toScore: x.score,
    })),
    ...c.moved.map((m) => ({
      authorId: m.authorId,
      name: m.name,
      affiliation: m.affiliation,
      change: m.delta > 0 ? ('up' as const) : ('down' as const),
      fromRank: m.fromRank + 1,
      toRank: m.toRank + 1,
      delta: m.delta,
      fromScore: m.fromScore,
      toScore: m.toScore,
    })),
    ...c.dropped.map((x) => ({
      authorId: x.authorId,
      name: x.name,
      affiliation: x.affiliation,
      change: 'dropped' as const,
      fromRank: x.rank + 1,
      toRank: null,
      delta: null,
      fromScore: x.score,
      toScore: null,
    })),
  ];
  return rows.sort(
    (a, b) =>
      ORDER[a.change] - ORDER[b.change] ||
      (a.change === 'new'
        ? a.toRank! - b.toRank!
        : a.change === 'dropped'
          ? a.fromRank! - b.fromRank!
          : Math.abs(b.delta!) - Math.abs(a.delta!) || a.toRank! - b.toRank!),
  );
}

export function changeCounts(rows: readonly ChangeRow[]): Record<ChangeKind, number> {
  const n: Record<ChangeKind, number> = { new: 0, up: 0, down: 0, dropped: 0 };
  for (const r of rows) n[r.change]++;
  return n;
}

/** The changes as a table for CSV/XLSX export. */
export function changesTable(rows: readonly ChangeRow[]): { header: string[]; rows: Array<Array<string | number | null>> } {
  return {
    header: ['Change', 'Name', 'Rank before', 'Rank now', 'Places', 'Score before', 'Score now', 'Author id'],
    rows: rows.map((r) => [CHANGE_TEXT[r.change], r.name, r.fromRank, r.toRank, r.delta, r.fromScore, r.toScore, r.authorId]),
  };
}

/** One row of the `npm run bench` table. Each bench file's default export returns its rows. */
export interface BenchRow {
  /** Which issue / area the row measures, e.g. "sandbox", "client", "cache", "ui". */
  suite: string;
  /** What is measured, in words an engineer reads without the code: "upload 5,000-word PDF → candidates (median)". */
  metric: string;
  value: number;
  unit: string;
  /** The target as written in the issue, e.g. "≤ 500 ms". */
  target?: string;
  /** Whether the target is met; omitted when the row has no target. */
  ok?: boolean;
  /** Context needed to read the figure: corpus size, sample count, machine. */
  note?: string;
}

export type Bench = () => Promise<BenchRow[]>;

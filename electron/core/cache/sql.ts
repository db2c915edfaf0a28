// Small helpers shared by the repositories.

export const toJson = (v: unknown): string => JSON.stringify(v ?? null);

export function fromJson<T>(s: string | null | undefined, fallback: T): T {
  if (s === null || s === undefined) return fallback;
  return JSON.parse(s) as T;
}

export const bool = (v: boolean | null | undefined): number | null => (v === null || v === undefined ? null : v ? 1 : 0);

export const asBool = (v: number | null): boolean | null => (v === null ? null : v !== 0);

/**
 * Turns what the editor typed into an FTS5 query: every word becomes a quoted prefix term
 * ("smi"* "oxf"*), so punctuation and FTS operators in the input can never break the query.
 * Returns null when nothing searchable is left.
 */
export function ftsQuery(text: string): string | null {
  const words = text
    .normalize('NFKC')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .slice(0, 12);
  if (words.length === 0) return null;
  return words.map((w) => `"${w}"*`).join(' ');
}

/** `INSERT INTO table (a, b) VALUES (@a, @b)`: one named parameter a column, bound from an object keyed by column. */
export function insertInto(table: string, columns: readonly string[]): string {
  return `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`;
}

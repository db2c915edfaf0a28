// Small helpers shared by the repositories.
import type { Database, Statement } from 'better-sqlite3';

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

/**
 * What an insert does when it meets a row with the same key:
 * - `'IGNORE'` / `'REPLACE'`: `INSERT OR IGNORE` (keep the existing row) / `INSERT OR REPLACE` (delete it, insert the new one);
 * - `{ target, set }`: an upsert, `ON CONFLICT (target) DO UPDATE SET …` — each entry of `set` is a column that takes the
 *   new value (`c = excluded.c`) or a `[column, expression]` pair (`['email', 'coalesce(excluded.email, email)']`).
 */
export type OnConflict =
  'IGNORE' | 'REPLACE' | { readonly target: readonly string[]; readonly set: readonly (string | readonly [string, string])[] };

/** An upsert's `set` entry that keeps the stored value when the new one is null: `c = coalesce(excluded.c, c)`. */
export const keepWhenNull = (column: string): readonly [string, string] => [column, `coalesce(excluded.${column}, ${column})`];

/**
 * `INSERT INTO table (a, b) VALUES (@a, @b)`: one named parameter a column, bound from an object keyed by column;
 * with `onConflict`, the conflict clause (see {@link OnConflict}). A `RETURNING` clause can follow the result.
 */
export function insertInto(table: string, columns: readonly string[], onConflict?: OnConflict): string {
  const verb = onConflict === 'IGNORE' || onConflict === 'REPLACE' ? `INSERT OR ${onConflict}` : 'INSERT';
  const insert = `${verb} INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`;
  if (onConflict === undefined || typeof onConflict === 'string') return insert;
  const set = onConflict.set.map((s) => (typeof s === 'string' ? [s, `excluded.${s}`] : s));
  for (const column of [...onConflict.target, ...set.map(([c]) => c)]) {
    if (!columns.includes(column)) throw new Error(`insertInto ${table}: ${column} is not one of the inserted columns`);
  }
  if (onConflict.target.length === 0 || set.length === 0) throw new Error(`insertInto ${table}: an upsert needs a target and a set`);
  return `${insert} ON CONFLICT (${onConflict.target.join(', ')}) DO UPDATE SET ${set.map(([c, e]) => `${c} = ${e}`).join(', ')}`;
}

/**
 * Statements prepared once per SQL text and kept, for a repository whose SQL is built from the request
 * (filters, sort): preparing costs ~0.3–0.5 ms a statement, on every keystroke of a filter otherwise.
 * Holds at most `max` texts, dropping the one used least recently (a filter's combinations are few).
 */
export function statementCache(db: Database, max = 32): <P extends unknown[], R>(sql: string) => Statement<P, R> {
  const kept = new Map<string, Statement>();
  return <P extends unknown[], R>(sql: string): Statement<P, R> => {
    let s = kept.get(sql);
    if (s) kept.delete(sql);
    else {
      s = db.prepare(sql);
      if (kept.size >= max) kept.delete(kept.keys().next().value!);
    }
    kept.set(sql, s);
    return s as unknown as Statement<P, R>;
  };
}

/** `dueDate` → `due_date`: a camelCase field's column name, at the type level (snakeColumn is its run-time twin). */
export type SnakeColumn<K extends string> = K extends `${infer C}${infer Rest}`
  ? `${C extends Lowercase<C> ? C : `_${Lowercase<C>}`}${SnakeColumn<Rest>}`
  : K;

/** A row as SQLite gives it back: each field under its snake_case column, booleans as 0/1. */
export type DbColumns<T> = { [K in keyof T & string as SnakeColumn<K>]: T[K] extends boolean ? number : T[K] };

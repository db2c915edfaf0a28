import type { IntakeResult } from './types';

/** A result with nothing read yet. Its own module, so core (the worker pool) can use it without loading the parsers. */
export function emptyResult(file: string): IntakeResult {
  return { file, format: null, title: null, abstract: null, authors: [], references: null, error: null };
}

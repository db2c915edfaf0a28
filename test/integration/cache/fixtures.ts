// Shared by the cache, outbox and crash tests: temp data folders and v6 upload responses.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Candidate, UploadFormInput, UploadResponse } from '../../../electron/common/service';
import { openCache, type Cache } from '../../../electron/core/cache';
import type { Logger } from '../../../electron/core/ports';
import type { ProfileRecord } from '../../../electron/core/profiles/types';
import { MemoryLogger } from '../../support/fakes';
import { sampleAuthor } from '../../support/sample-author';

/** The one MemoryLogger (test/support/fakes.ts), for the tests that import their fixtures from here. */
export { MemoryLogger };

export function tempDir(prefix = 'desk-cache-'): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface ProfileCacheOptions {
  /** The cache's clock; a new ManualClock unless said. */
  clock?: { now(): number };
  /** The remote profile's id ('p') and name ('P'). */
  profileId?: string;
  name?: string;
  logger?: Logger;
}

/** Adds (or updates) the remote profile `id` named `name` at https://rf.example, never checked, with `over` on top. */
export function addProfile(cache: Cache, id = 'p', name = 'P', over: Partial<ProfileRecord> = {}): void {
  cache.profiles.upsert({
    id,
    name,
    baseUrl: 'https://rf.example',
    kind: 'remote',
    createdAt: 1,
    lastCheckedAt: null,
    lastFeatures: null,
    ...over,
  });
}

/** Opens the cache file `file` (a new one or one already there) with the remote profile of `opts` in it. */
export function openWithProfile(file: string, opts: ProfileCacheOptions = {}): Cache {
  const cache = openCache({ file, clock: opts.clock ?? new ManualClock(), logger: opts.logger ?? new MemoryLogger() });
  addProfile(cache, opts.profileId, opts.name);
  return cache;
}

/** What opening the cache file `file` throws; a cache that opens is closed and fails the test. */
export function openCacheError(file: string): unknown {
  try {
    openCache({ file, clock: new ManualClock(), logger: new MemoryLogger() }).close();
  } catch (e) {
    return e;
  }
  throw new Error(`the cache ${file} opened`);
}

/**
 * A cache file `cache.db` in a new temp folder (`prefix`) with one remote profile. `close` closes the cache and removes
 * the folder; `cleanup` only removes the folder (for a test that closes or reopens the cache itself).
 */
export function profileCache(opts: ProfileCacheOptions & { prefix?: string } = {}): {
  cache: Cache;
  dir: string;
  file: string;
  close: () => void;
  cleanup: () => void;
} {
  const t = tempDir(opts.prefix);
  const file = join(t.dir, 'cache.db');
  const cache = openWithProfile(file, opts);
  return {
    cache,
    dir: t.dir,
    file,
    cleanup: t.cleanup,
    close: () => {
      cache.close();
      t.cleanup();
    },
  };
}

export class ManualClock {
  constructor(public t = Date.UTC(2025, 0, 15, 9, 0, 0)) {}
  now(): number {
    return this.t;
  }
  advance(ms: number): void {
    this.t += ms;
  }
}

export function candidate(authorId: number, rank: number, over: Partial<Candidate> = {}): Candidate {
  return {
    ...sampleAuthor(authorId),
    email: authorId % 3 === 0 ? null : `a${authorId}@uni.example`,
    orcid: null,
    affiliation: authorId % 2 === 0 ? 'University of Oxford, Oxford, UK' : 'ETH Zürich, Zürich, Switzerland',
    articlesCount: 10 + (authorId % 90),
    citationsCount: 100 + authorId,
    hIndex: authorId % 60,
    score: 100 - rank * 0.1,
    url: `https://service.example/author/${authorId}`,
    relevant_concepts: ['protein folding', `concept ${authorId % 7}`],
    authors_groups: [],
    marked: false,
    coauth_conflicts: { exists: authorId % 5 === 0 },
    aff_conflicts: { exists: authorId % 7 === 0 },
    retracted_articles: { exists: false },
    referenced_articles: { exists: authorId % 11 === 0 },
    external_coi: { exists: false },
    ...over,
  };
}

export function form(originId: string, over: Partial<UploadFormInput> = {}): UploadFormInput {
  return {
    folder: 'JOURNAL-A',
    origin_id: originId,
    title: `Folding of proteins in ${originId}`,
    abstract: 'We study how proteins fold under pressure.',
    authors_count: 2,
    authors: [{ name: 'Grace Hopper', aff: 'Yale' }, { name: 'Alan Turing' }],
    ...over,
  };
}

export function response(manuscriptId: number, originId: string, authorIds: number[], over: Partial<UploadResponse> = {}): UploadResponse {
  return {
    version: 6,
    manuscript_id: manuscriptId,
    origin_id: originId,
    candidates: authorIds.map((id, rank) => candidate(id, rank)),
    authors_groups_settings: null,
    debug_info: {
      source_file: 'paper.pdf',
      parsed_text_len: 12000,
      parsed_references: 40,
      extracted_concepts: 12,
      authors_info: { authors_count: 2, emails_count: 1, orcids_count: 0 },
    },
    ...over,
  };
}

export const range = (from: number, n: number): number[] => Array.from({ length: n }, (_, i) => from + i);

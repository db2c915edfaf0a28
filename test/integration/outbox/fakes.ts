// An in-memory stand-in for the referee-finder service (ServiceApi) with failure injection, and
// hand-driven timers. Used by the outbox and sync tests.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { DeskError } from '../../../electron/common/errors';
import type { AuthorFromGroupPatch, AuthorFromGroupPut, UploadFormInput } from '../../../electron/common/service';
import { OutcomeUnknownError } from '../../../electron/core/api/errors';
import type { ApiResult, ServiceApi, UploadRequest } from '../../../electron/core/api/types';
import type { Timers } from '../../../electron/core/sync';
import type { Cache } from '../../../electron/core/cache';
import { candidate, type ManualClock } from '../cache/fixtures';

type Op = 'putAuthor' | 'patchAuthor' | 'deleteAuthor' | 'createAuthorsGroup' | 'uploadManuscript' | 'listCustomFields';

/** `error`: thrown before the service acts. `lost`: the service acts, then the answer is lost. */
type Fault = { kind: 'error'; error: DeskError } | { kind: 'lost'; error: DeskError };

const ok = <T>(value: T): ApiResult<T> => ({ value, raw: value, rawText: JSON.stringify(value), status: 200, attempts: 1 });

export class FakeService implements ServiceApi {
  readonly baseUrl = 'http://fake.invalid';
  readonly groups = new Map<number, { group_name: string }>();
  readonly authors = new Map<string, Record<string, unknown>>();
  readonly manuscripts = new Map<string, { id: number; uploads: number; form: UploadFormInput; fileSha: string | null }>();
  readonly calls: string[] = [];
  private readonly faults: Array<{ op: Op; fault: Fault }> = [];
  private nextGroup = 100;
  private nextManuscript = 500;

  failNext(op: Op, error: DeskError, kind: Fault['kind'] = 'error'): void {
    this.faults.push({ op, fault: { kind, error } });
  }

  private async enter(op: Op, label: string, act: () => void): Promise<void> {
    this.calls.push(label);
    const i = this.faults.findIndex((f) => f.op === op);
    const fault = i === -1 ? undefined : this.faults.splice(i, 1)[0]!.fault;
    if (fault?.kind === 'error') throw fault.error;
    act();
    if (fault?.kind === 'lost') throw fault.error;
  }

  async getAuthor(): Promise<never> {
    throw new DeskError('not_found', 'not used');
  }

  async putAuthor(groupId: number, clientId: string, body: AuthorFromGroupPut) {
    await this.enter('putAuthor', `put ${groupId}/${clientId}`, () => {
      if (!this.groups.has(groupId)) throw new DeskError('not_found', `no group ${groupId}`);
      this.authors.set(`${groupId}/${clientId}`, { ...body });
    });
    return ok({ ok: true });
  }

  async patchAuthor(groupId: number, clientId: string, body: AuthorFromGroupPatch) {
    await this.enter('patchAuthor', `patch ${groupId}/${clientId}`, () => {
      const cur = this.authors.get(`${groupId}/${clientId}`);
      if (!cur) throw new DeskError('not_found', 'no author');
      this.authors.set(`${groupId}/${clientId}`, { ...cur, ...body });
    });
    return ok({ ok: true });
  }

  async deleteAuthor(groupId: number, clientId: string) {
    let existed = false;
    await this.enter('deleteAuthor', `delete ${groupId}/${clientId}`, () => {
      existed = this.authors.delete(`${groupId}/${clientId}`);
    });
    return ok({ ok: true as const, existed });
  }

  async createAuthorsGroup(input: { group_name: string }) {
    let id = 0;
    await this.enter('createAuthorsGroup', `group ${input.group_name}`, () => {
      id = this.nextGroup++;
      this.groups.set(id, { group_name: input.group_name });
    });
    return ok({ authors_group_id: id });
  }

  async uploadManuscript(req: UploadRequest) {
    const f = req.fields;
    let id = 0;
    await this.enter('uploadManuscript', `upload ${f.origin_id}`, () => {
      const fileSha = req.file ? createHash('sha256').update(readFileSync(req.file.path)).digest('hex') : null;
      const cur = this.manuscripts.get(f.origin_id);
      id = cur?.id ?? this.nextManuscript++;
      this.manuscripts.set(f.origin_id, { id, uploads: (cur?.uploads ?? 0) + 1, form: f, fileSha });
    });
    return ok({
      version: 6,
      manuscript_id: id,
      origin_id: f.origin_id,
      candidates: [candidate(1, 0), candidate(2, 1)],
      authors_groups_settings: null,
      debug_info: {},
    });
  }

  /** Not set: the outbox calls uploadManuscript. A test sets it to hand the answer's bytes to a reader, as the client does. */
  uploadManuscriptRead?: ServiceApi['uploadManuscriptRead'];

  async recommendJournals(): Promise<never> {
    throw new DeskError('not_found', 'not used');
  }

  async listCustomFields() {
    await this.enter('listCustomFields', 'fields', () => undefined);
    return ok({ author_from_group: [], folder: [], proposal: [] });
  }

  async close(): Promise<void> {}
}

export const lostGroupAnswer = (): OutcomeUnknownError =>
  new OutcomeUnknownError('timeout', 'The answer to creating the group was lost.', false);

/** Timers advanced by hand together with a ManualClock. */
export class FakeTimers implements Timers {
  private seq = 0;
  private readonly pending = new Map<number, { at: number; fn: () => void }>();
  constructor(private readonly clock: ManualClock) {}

  setTimeout(fn: () => void, ms: number): unknown {
    const id = ++this.seq;
    this.pending.set(id, { at: this.clock.now() + ms, fn });
    return id;
  }

  clearTimeout(h: unknown): void {
    this.pending.delete(h as number);
  }

  get size(): number {
    return this.pending.size;
  }

  /** Moves time forward, firing every timer that falls due, in order. */
  advance(ms: number): void {
    const end = this.clock.now() + ms;
    for (;;) {
      const next = [...this.pending.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0];
      if (!next) break;
      this.pending.delete(next[0]);
      if (next[1].at > this.clock.now()) this.clock.t = next[1].at;
      next[1].fn();
    }
    this.clock.t = end;
  }
}

/** A remote profile pointing at the fake service, as the outbox tests need one to queue under. */
export function addFakeProfile(cache: Cache, id: string): void {
  cache.profiles.upsert({ id, name: 'P', baseUrl: 'http://fake', kind: 'remote', createdAt: 1, lastCheckedAt: null, lastFeatures: null });
}

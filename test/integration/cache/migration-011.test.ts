// Migration 11: the upload form stored once. Uploads queued by version 10 carried their own copy of
// the form; after the step their payload keeps originId and the file, the manuscript holds the form
// its newest open upload was going to send, and the queued uploads are sent with it, nothing lost.
import Database from 'better-sqlite3';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIGRATIONS, openCache } from '../../../electron/core/cache';
import { migrate } from '../../../electron/core/cache/migrate';
import { Outbox } from '../../../electron/core/outbox';
import { FakeService } from '../outbox/fakes';
import { form, ManualClock, MemoryLogger, tempDir } from './fixtures';

let dir: string;
let cleanup: () => void;
let file: { name: string; size: number; sha256: string; path: string };
beforeEach(() => {
  ({ dir, cleanup } = tempDir());
  file = { name: 'a.pdf', size: 3, sha256: 'abc', path: join(dir, 'a.pdf') };
  writeFileSync(file.path, 'abc');
});
afterEach(() => cleanup());

/** A version-10 database: manuscripts as that version saved them, and its upload entries with their form. */
function version10(path: string) {
  const db = new Database(path);
  migrate(db, MIGRATIONS, new MemoryLogger(), 10);
  db.prepare("INSERT INTO profiles VALUES ('p', 'P', 'http://x', 'remote', 1, NULL, NULL)").run();
  const folder = db.prepare("INSERT INTO folders (profile_id, name, first_used_at) VALUES ('p', 'JOURNAL-A', 1) RETURNING id").get() as {
    id: number;
  };
  const manuscript = db.prepare(
    `INSERT INTO manuscripts (profile_id, origin_id, folder_id, title, abstract, authors_count, authors_json, authors_text, form_json,
       sync_state, created_at, updated_at) VALUES ('p', ?, ?, ?, 'A', 0, '[]', '', ?, 'pending', 1, 1)`,
  );
  const upload = db.prepare(
    `INSERT INTO outbox (profile_id, kind, entity_key, payload_json, state, next_attempt_at, created_at, updated_at)
     VALUES ('p', 'upload', ?, ?, ?, 0, 1, 1) RETURNING id`,
  );
  const queue = (f: ReturnType<typeof form>, state = 'queued') =>
    (upload.get(`manuscript:${f.origin_id}`, JSON.stringify({ form: f, file }), state) as { id: number }).id;
  return { db, folder: folder.id, manuscript, queue };
}

describe('migration 11: the upload form stored once', () => {
  it('moves each queued form to its manuscript, strips it from every payload, and the queue is sent unchanged', async () => {
    const path = join(dir, 'c.db');
    const old = version10(path);
    // ms-1: one queued upload, same form as its manuscript
    const one = form('ms-1');
    old.manuscript.run('ms-1', old.folder, one.title, JSON.stringify(one));
    const q1 = old.queue(one);
    // ms-2: a done upload, then a queued one the manuscript does not show (an older version let a discard leave that)
    const sent = form('ms-2', { title: 'Sent before' });
    const newest = form('ms-2', { title: 'Queued last', folder: 'JOURNAL-B', authors: [{ name: 'Ada Lovelace' }], authors_count: 1 });
    old.manuscript.run('ms-2', old.folder, 'Shown but discarded', JSON.stringify(form('ms-2', { title: 'Shown but discarded' })));
    const done = old.queue(sent, 'done');
    const q2 = old.queue(newest);
    old.db.close();

    const raw = new Database(path);
    expect(migrate(raw, MIGRATIONS, new MemoryLogger(), 11)).toEqual([11]);
    const payloads = Object.fromEntries(
      (raw.prepare('SELECT id, payload_json FROM outbox').all() as Array<{ id: number; payload_json: string }>).map((r) => [
        r.id,
        JSON.parse(r.payload_json) as unknown,
      ]),
    );
    expect(payloads).toEqual({ [q1]: { originId: 'ms-1', file }, [done]: { originId: 'ms-2', file }, [q2]: { originId: 'ms-2', file } });
    const ms2 = raw
      .prepare(
        "SELECT m.title, m.authors_text, f.name AS folder, m.form_json FROM manuscripts m JOIN folders f ON f.id = m.folder_id WHERE origin_id = 'ms-2'",
      )
      .get() as { title: string; authors_text: string; folder: string; form_json: string };
    expect(ms2).toMatchObject({ title: 'Queued last', authors_text: 'Ada Lovelace', folder: 'JOURNAL-B' });
    expect(JSON.parse(ms2.form_json)).toEqual(newest);
    raw.close();

    // The next start sends both queued uploads with the forms version 10 queued.
    const cache = openCache({ file: path, clock: new ManualClock(), logger: new MemoryLogger() });
    const api = new FakeService();
    const outbox = new Outbox({
      cache,
      profileId: 'p',
      api,
      clock: new ManualClock(),
      logger: new MemoryLogger(),
      uploadsDir: join(dir, 'u'),
    });
    expect(outbox.list().map((e) => e.kind === 'upload' && e.data.form)).toEqual([one, newest]);
    await outbox.drain();
    expect(api.manuscripts.get('ms-1')!.form).toEqual(one);
    expect(api.manuscripts.get('ms-2')!.form).toEqual(newest);
    cache.close();
  });
});

// Migration 16: the authors' opposed and suggested reviewers per manuscript, the do-not-invite list and
// bounced e-mails: new tables only, rows of the earlier schema untouched, the checks that keep bad rows out.
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../../electron/core/cache';
import { migrate } from '../../../electron/core/cache/migrate';
import { openAtVersion } from './migration-fixtures';

describe('migration 16: authors’ requests, do-not-invite, bounced e-mails', () => {
  it('adds its tables after 15 and keeps the shortlist; checks refuse a half match, a bad date, an empty reason', () => {
    const { db, log } = openAtVersion(15, { foreignKeys: true, seed: 'manuscript' });
    db.prepare(
      `INSERT INTO shortlist (profile_id, manuscript_id, author_id, position, name, status, created_at, updated_at)
       VALUES ('p', 1, 7, 1, 'Ada', 'shortlisted', 1, 1)`,
    ).run();
    db.prepare(
      `INSERT INTO ledger_people (id, name, suggested, shortlisted, invited, accepted, declined, no_answer, reviewing, last_invited_at,
         acceptance_rate, first_seen_at, last_seen_at) VALUES (1, 'Ada', 1, 1, 0, 0, 0, 0, 0, NULL, NULL, 1, 1)`,
    ).run();

    expect(migrate(db, MIGRATIONS, log, 16)).toEqual([16]);
    expect(db.pragma('user_version', { simple: true })).toBe(16);
    expect(db.prepare('SELECT author_id, name FROM shortlist').all()).toEqual([{ author_id: 7, name: 'Ada' }]);

    const request = db.prepare(
      `INSERT INTO author_requests (profile_id, manuscript_id, kind, line, name, person_key, author_id, rule, created_at, updated_at)
       VALUES ('p', 1, @kind, 'Ada, X', 'Ada', 'name:ada', @a, @rule, 1, 1)`,
    );
    request.run({ kind: 'opposed', a: 7, rule: 'orcid' });
    request.run({ kind: 'suggested', a: null, rule: null });
    expect(() => request.run({ kind: 'suggested', a: 7, rule: null })).toThrow(/CHECK/);
    expect(() => request.run({ kind: 'favoured', a: null, rule: null })).toThrow(/CHECK/);
    expect(() => request.run({ kind: 'opposed', a: 7, rule: 'guess' })).toThrow(/CHECK/);

    const dni = db.prepare(
      "INSERT INTO do_not_invite (person_id, person_key, name, reason, until, created_at, updated_at) VALUES (1, 'name:ada', 'Ada', @r, @u, 1, 1)",
    );
    expect(() => dni.run({ r: '', u: null })).toThrow(/CHECK/);
    expect(() => dni.run({ r: 'Late twice', u: '31.12.2030' })).toThrow(/CHECK/);
    dni.run({ r: 'Late twice', u: '2030-12-31' });
    db.prepare("INSERT INTO bounced_emails (email, bounced_at) VALUES ('ada@x.org', 5)").run();

    // A manuscript's requests go with it.
    db.prepare('DELETE FROM shortlist').run();
    db.prepare('DELETE FROM manuscripts WHERE id = 1').run();
    expect(db.prepare('SELECT count(*) AS n FROM author_requests').get()).toEqual({ n: 0 });
    expect(db.prepare('SELECT count(*) AS n FROM do_not_invite').get()).toEqual({ n: 1 });
    db.close();
  });
});

// Reviewer ledger benchmark (shortlist issue): a generated cache with a ledger of 100,000 people
// and 1,000,000 suggestions (2,000 manuscripts × 500 candidates, straight through SQL), 20,000
// shortlist entries with statuses and invitation dates over the last year; then, timed in this
// process (medians): a person's history by manuscript, the Reviewers view's search, the load
// badges of a 500-candidate run, and recording one more 500-candidate run with the ledger hook.
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fatigueSince, isoDate, DEFAULT_FATIGUE, applyStatus } from '../electron/common/domain/shortlist';
import type { ShortlistStatus } from '../electron/common/shapes';
import type { UploadResponse } from '../electron/common/service';
import { openCache, type Cache } from '../electron/core/cache';
import type { Logger } from '../electron/core/ports';
import { generatedAnswer } from '../test/support/generated-run';
import { benchProfile, rng } from './generated';
import type { Bench, BenchRow } from './types';

const SUITE = 'ledger';
const PEOPLE = 100_000;
const MANUSCRIPTS = 2_000;
const PER_RUN = 500;
const SHORTLISTED = 10; // per manuscript → 20,000 entries
const P = 'bench';
const quiet: Logger = { log: () => undefined };
const DAY = 86_400_000;

const FIRST = [
  'Ada',
  'Grace',
  'Alan',
  'Marie',
  'Emmy',
  'Niels',
  'Rosalind',
  'Srinivasa',
  'Hedy',
  'Lise',
  'Chien-Shiung',
  'Dorothy',
  'José',
  'Łucja',
  'Zoë',
];
const SYLLABLES = ['ka', 'mo', 'ri', 'sen', 'tal', 'vor', 'bel', 'dú', 'nik', 'ost', 'qua', 'lem', 'zar', 'pho', 'gin'];
const PLACES = ['Oxford', 'Zürich', 'Kyoto', 'Nairobi', 'Lima', 'Toronto', 'Lyon', 'Pune', 'Leiden', 'Austin', 'Uppsala', 'Bergen'];

/** ~3,375 surnames of three syllables: a surname search finds ~30 people, a 3-letter prefix hundreds to thousands. */
const surname = (id: number): string => {
  const s = (i: number) => SYLLABLES[Math.floor(id / 15 ** i) % 15]!;
  const w = s(0) + s(1) + s(2);
  return w[0]!.toUpperCase() + w.slice(1);
};
const personName = (id: number) => `${FIRST[id % FIRST.length]} ${surname(id)}`;

function generate(cache: Cache, now: number): { runId: number; manuscriptId: number } {
  const r = rng(7);
  const db = cache.db;
  db.pragma('synchronous = OFF');
  benchProfile(cache, P);
  const folders = ['J-A', 'J-B', 'J-C', 'PANEL'].map((f) => cache.manuscripts.folder(P, f));
  db.transaction(() => {
    const person = db.prepare(
      'INSERT INTO ledger_people (id, name, affiliation, email, orcid, suggested, first_seen_at, last_seen_at) VALUES (?, ?, ?, ?, NULL, 0, ?, ?)',
    );
    const member = db.prepare(
      "INSERT INTO ledger_members (author_id, person_id, rule, name, orcid, email, joined_at) VALUES (?, ?, 'author_id', ?, NULL, ?, ?)",
    );
    for (let id = 1; id <= PEOPLE; id++) {
      const email = id % 3 ? `p${id}@uni.example` : null;
      person.run(id, personName(id), `University of ${PLACES[id % PLACES.length]}`, email, now, now);
      member.run(id, id, personName(id), email, now);
    }
    // 5,000 people carry a second author_id, merged by e-mail.
    const merged = db.prepare(
      "INSERT INTO ledger_members (author_id, person_id, rule, name, orcid, email, joined_at) VALUES (?, ?, 'email', ?, NULL, ?, ?)",
    );
    for (let i = 1; i <= 5_000; i++) merged.run(PEOPLE + i, i * 19, personName(i * 19), `p${i * 19}@uni.example`, now);
  })();
  const ms = db.prepare(
    `INSERT INTO manuscripts (profile_id, origin_id, service_id, folder_id, title, abstract, authors_count, authors_json, authors_text,
       form_json, sync_state, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, 'Abstract.', 2, ?, '', '{}', 'synced', ?, ?) RETURNING id`,
  );
  const link = db.prepare('INSERT INTO author_manuscripts (profile_id, author_id, manuscript_id, first_run_id) VALUES (?, ?, ?, 1)');
  const shortlist = db.prepare(
    `INSERT INTO shortlist (profile_id, manuscript_id, author_id, position, name, email, status, invited_at, answered_at, closed_at, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, NULL, ?, ?, ?, ?, ?, ?)`,
  );
  const flows: ShortlistStatus[][] = [
    [],
    ['invited'],
    ['invited', 'accepted'],
    ['invited', 'declined'],
    ['invited', 'no_answer'],
    ['invited', 'accepted', 'closed'],
  ];
  db.transaction(() => {
    for (let m = 0; m < MANUSCRIPTS; m++) {
      const authors = [{ name: personName(1 + Math.floor(r() * PEOPLE)) }, { name: personName(1 + Math.floor(r() * PEOPLE)) }];
      const id = ms.get(
        P,
        `o${m}`,
        m + 1,
        folders[m % folders.length],
        `Manuscript ${m}`,
        JSON.stringify(authors),
        now - m * 1000,
        now - m * 1000,
      ) as { id: number };
      const picked = new Set<number>();
      while (picked.size < PER_RUN) picked.add(1 + Math.floor(r() * PEOPLE));
      for (const a of picked) link.run(P, a, id.id);
      [...picked].slice(0, SHORTLISTED).forEach((a, i) => {
        let e = {
          status: 'shortlisted' as ShortlistStatus,
          invitedAt: null as number | null,
          answeredAt: null as number | null,
          closedAt: null as number | null,
        };
        const at = now - Math.floor(r() * 365) * DAY;
        for (const s of flows[Math.floor(r() * flows.length)]!) e = applyStatus(e, s, at);
        shortlist.run(P, id.id, a, i + 1, personName(a), e.status, e.invitedAt, e.answeredAt, e.closedAt, now, now);
      });
    }
    db.exec(
      'UPDATE ledger_people SET suggested = (SELECT count(*) FROM ledger_members lm JOIN ' +
        'author_manuscripts am ON am.author_id = lm.author_id WHERE lm.person_id = ledger_people.id)',
    );
  })();
  db.transaction(() => {
    const touched = db
      .prepare<[], { person_id: number }>(
        'SELECT DISTINCT lm.person_id FROM shortlist s JOIN ledger_members lm ON lm.author_id = s.author_id',
      )
      .all();
    for (const t of touched) cache.ledger.refresh(t.person_id);
  })();
  db.exec('ANALYZE');
  db.pragma('synchronous = FULL');
  // One run of 500 candidates recorded the normal way, for the load badges.
  const rec = cache.runs.recordUploadRun(
    P,
    { form: { folder: 'J-A', origin_id: 'bench-run', title: 'Bench run', abstract: 'A.', authors_count: 0, authors: [] } },
    uploadResponse(9_000_001, 'bench-run', pickIds(r, PER_RUN)),
  );
  return { runId: rec.runId, manuscriptId: rec.manuscriptId };
}

function pickIds(r: () => number, n: number): number[] {
  const s = new Set<number>();
  while (s.size < n) s.add(1 + Math.floor(r() * (PEOPLE + 5_000)));
  return [...s];
}

const uploadResponse = (manuscriptId: number, originId: string, ids: number[]): UploadResponse =>
  generatedAnswer(manuscriptId, originId, ids.length, (rank) => {
    const id = ids[rank]!;
    return {
      name: personName(id),
      first_name: FIRST[id % FIRST.length]!,
      last_name: surname(id),
      author_id: id,
      email: id % 3 ? `p${id}@uni.example` : null,
      affiliation: `University of ${PLACES[id % PLACES.length]}`,
      articlesCount: 10,
      citationsCount: 100,
      hIndex: id % 60,
      score: 100 - rank * 0.1,
      url: `https://service.example/a/${id}`,
      relevant_concepts: ['protein folding'],
    };
  });

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

/** Medians of wall-clock time and of this process's CPU time (user + system) per call, in ms. */
function time(n: number, f: (i: number) => unknown): { wall: number; cpu: number } {
  for (let i = 0; i < 5; i++) f(i);
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < n; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    f(i);
    wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  return { wall: median(wall), cpu: median(cpu) };
}

// On a shared machine the wall clock includes waiting for a core; the CPU time beside it is the work.
const row = (metric: string, m: { wall: number; cpu: number }, targetMs: number | null, note: string): BenchRow => ({
  suite: SUITE,
  metric,
  value: Math.round(m.wall * 100) / 100,
  unit: 'ms',
  ...(targetMs === null ? {} : { target: `≤ ${targetMs} ms`, ok: m.wall <= targetMs }),
  note: `CPU ${m.cpu.toFixed(2)} ms; ${note}; load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`,
});

const bench: Bench = async () => {
  const dir = mkdtempSync(join(tmpdir(), 'desk-ledger-bench-'));
  const now = Date.now();
  const cache = openCache({ file: join(dir, 'cache.db'), clock: { now: () => now }, logger: quiet });
  try {
    const t0 = performance.now();
    const { runId } = generate(cache, now);
    const genS = (performance.now() - t0) / 1000;
    const r = rng(99);
    const counts = cache.db
      .prepare<[], { people: number; suggestions: number; entries: number }>(
        'SELECT (SELECT count(*) FROM ledger_people) AS people, (SELECT count(*) FROM ' +
          'author_manuscripts) AS suggestions, (SELECT count(*) FROM shortlist) AS entries',
      )
      .get()!;
    const size =
      `${counts.people.toLocaleString('en')} people, ${counts.suggestions.toLocaleString('en')} ` +
      `suggestions, ${counts.entries.toLocaleString('en')} shortlist entries; generated in ` +
      `${genS.toFixed(0)} s`;

    // People with a shortlist history: the ones an editor opens.
    const busyPeople = cache.db
      .prepare<[], { id: number }>('SELECT id FROM ledger_people WHERE invited > 0 LIMIT 2000')
      .all()
      .map((p) => p.id);
    const history = time(300, (i) => cache.ledger.history(i % 2 ? busyPeople[i % busyPeople.length]! : 1 + Math.floor(r() * PEOPLE)));
    const surnameSearch = time(300, () => cache.ledger.query({ text: surname(1 + Math.floor(r() * PEOPLE)), limit: 50 }));
    const prefixSearch = time(300, () =>
      cache.ledger.query({ text: surname(1 + Math.floor(r() * PEOPLE)).slice(0, 3), sort: { by: 'invited', dir: 'desc' }, limit: 50 }),
    );
    const placeSearch = time(100, () =>
      cache.ledger.query({ text: PLACES[Math.floor(r() * PLACES.length)]!, sort: { by: 'suggested' }, limit: 50 }),
    );
    const ids = cache.db
      .prepare<[number], { author_id: number }>('SELECT author_id FROM candidates WHERE run_id = ?')
      .all(runId)
      .map((c) => c.author_id);
    const since = fatigueSince(now, DEFAULT_FATIGUE);
    const badges = time(300, () => cache.ledger.loads(ids, since));
    const withConflicts = time(100, () => cache.ledger.candidateLoads(runId, DEFAULT_FATIGUE, now));
    const hidden = time(100, () =>
      cache.candidates.query(runId, { hideBusy: true, limit: 100 }, { since, settings: DEFAULT_FATIGUE, today: isoDate(now) }),
    );
    let seq = 0;
    const record = time(20, () => {
      seq++;
      cache.runs.recordUploadRun(
        P,
        { form: { folder: 'J-B', origin_id: `rec-${seq}`, title: 'T', abstract: 'A.', authors_count: 0, authors: [] } },
        uploadResponse(8_000_000 + seq, `rec-${seq}`, pickIds(r, PER_RUN)),
      );
    });

    return [
      row("open a person's history by manuscript (median)", history, 5, `${size}; half random people, half people with invitations`),
      row('Reviewers search: a surname, 50 rows by suggestions (median)', surnameSearch, 10, '~30 matches of 100,000'),
      row('Reviewers search: a 3-letter prefix, 50 rows by invitations (median)', prefixSearch, 10, '~450 matches, sorted'),
      row(
        'Reviewers search: an affiliation word, 50 rows by suggestions (median)',
        placeSearch,
        10,
        '~8,300 matches: walks the index of suggestions',
      ),
      row('load badges for a 500-candidate run, one query (median)', badges, 5, 'ledger.loads: person, reviewing, invitations in 180 days'),
      row(
        'load badges + folder-author warnings for a 500-candidate run (median)',
        withConflicts,
        null,
        'ledger.loads channel: also matches the other manuscripts of the folder (500)',
      ),
      row('candidates query with "hide busy reviewers", 500-candidate run (median)', hidden, null, 'first 100 rows'),
      row(
        'record a 500-candidate run incl. the ledger hook (median)',
        record,
        null,
        'recordUploadRun, one transaction with synchronous = FULL',
      ),
    ];
  } finally {
    cache.close();
    rmSync(dir, { recursive: true, force: true });
  }
};

export default bench;

// A core process for the office crash trials (crash.test.ts): opens a cache in the data folder given,
// then runs the commands it reads on stdin (one JSON line each), each on a profile of its own linked
// to the office, with OfficeSync against the real cluster, printing a line before and after every
// push and after every pulled page so the parent can SIGKILL it in the middle of one, and "done"
// when a command is finished (nothing waits, every folder pulled to its end):
//   push:   links, records the trial's manuscripts, makes seeded shortlist changes while the loop pushes;
//   pull:   links, records the manuscripts (some of the office's backlog is about them), pulls the backlog;
//   finish: after a kill, in a new process: syncs the profile until it is in step.
// A process killed in one trial's push or pull is replaced by one that finishes that trial and then
// runs the next, so the trials cost one process start each.
// Every shortlist state a push trial makes is distinct (a counter in the note; an invitation and a
// removal happen once per entry), so the parent can tell a logical change pushed twice from two changes.
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { openCache } from '../../../electron/core/cache';
import { OfficeClient } from '../../../electron/core/office/client';
import { OfficeSync, type OfficeConnection } from '../../../electron/core/office/sync';
import { systemClock, type Logger } from '../../../electron/core/ports';
import { form, response } from '../cache/fixtures';
import { prng } from '../crash/plan';

export interface CrashCommand {
  mode: 'push' | 'pull' | 'finish';
  /** Each trial syncs a profile of its own, so one cache serves every trial (and its cursors start at 0). */
  profile: string;
  url: string;
  password: string;
  login: string;
  seed: number;
  /** The manuscripts recorded locally (push and pull): origin id, office folder, candidate author ids. */
  manuscripts: Array<{ originId: string; folder: string; authors: number[] }>;
  /** Shortlist changes made in push mode. */
  ops: number;
}

const dataDir = process.argv[2]!;
/** The address the profiles are linked to (the connection itself uses the command's url). */
const LINK_URL = 'postgres://office.test/crash';
const say = (line: string): void => void process.stdout.write(`${line} @${Math.round(performance.now())}\n`); // synchronous on a pipe (Linux)
const logger: Logger = { log: () => undefined };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const cache = openCache({ file: join(dataDir, 'cache.db'), clock: systemClock, logger });

/** The real office client, with a line told around each push and after each pulled page. */
async function connect(cmd: CrashCommand): Promise<OfficeConnection> {
  const c = await OfficeClient.connect({ url: cmd.url, password: cmd.password });
  let pushes = 0;
  let pulls = 0;
  return {
    folders: () => c.folders(),
    push: async (events) => {
      const n = ++pushes;
      say(`push-begin ${n} ${events.length}`);
      await c.push(events);
      say(`push-end ${n}`);
    },
    pull: async (folder, cursor, limit) => {
      const page = await c.pull(folder, cursor, limit);
      say(`pulled ${++pulls} ${page.events.length}`);
      return page;
    },
    listen: (onWake, onLost) => c.listen(onWake, onLost),
    close: () => c.close(),
  };
}

type State = 'none' | 'listed' | 'invited' | 'removed';

/** Seeded shortlist changes, each making a state of its entry that no other change makes. */
async function changes(cmd: CrashCommand, manuscriptIds: Map<string, number>): Promise<void> {
  const random = prng(cmd.seed);
  const entries = cmd.manuscripts.flatMap((m) => m.authors.map((a) => ({ m: manuscriptIds.get(m.originId)!, a, state: 'none' as State })));
  for (let i = 0; i < cmd.ops; i++) {
    const live = entries.filter((e) => e.state !== 'removed');
    if (live.length === 0) break;
    const e = live[Math.floor(random() * live.length)]!;
    const r = random();
    if (e.state === 'none') {
      cache.shortlist.add(cmd.profile, e.m, [e.a]);
      e.state = 'listed';
    } else if (e.state === 'listed' && r < 0.25) {
      cache.shortlist.setStatus(e.m, e.a, 'invited');
      e.state = 'invited';
    } else if (r > 0.88) {
      cache.shortlist.remove(e.m, e.a);
      e.state = 'removed';
    } else {
      cache.shortlist.setNote(e.m, e.a, `change ${i}`);
    }
    // Give the loop a turn now and then, so pushes run while changes are still being made.
    if (i % 8 === 7) await sleep(1);
  }
  say('changes made');
}

async function run(cmd: CrashCommand): Promise<void> {
  const manuscriptIds = new Map<string, number>();
  if (cmd.mode !== 'finish') {
    cache.profiles.upsert({
      id: cmd.profile,
      name: cmd.profile,
      baseUrl: 'https://rf.example',
      kind: 'remote',
      createdAt: 0,
      lastCheckedAt: null,
      lastFeatures: null,
    });
    cache.office.setLink(cmd.profile, { url: LINK_URL, login: cmd.login });
    cmd.manuscripts.forEach((m, i) => {
      const answer = response(1000 + i, m.originId, m.authors);
      manuscriptIds.set(
        m.originId,
        cache.runs.recordUploadRun(cmd.profile, { form: form(m.originId, { folder: m.folder }) }, answer).manuscriptId,
      );
    });
  }
  const sync = new OfficeSync({
    cache,
    profileId: cmd.profile,
    link: { url: LINK_URL, login: cmd.login },
    connect: () => connect(cmd),
    clock: systemClock,
    timers: { setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout) },
    logger,
  });
  sync.start();
  if (cmd.mode === 'push') await changes(cmd, manuscriptIds);
  // Until nothing waits and every folder was pulled to its end.
  const until = Date.now() + 30_000;
  for (;;) {
    await sync.syncNow();
    const s = sync.status();
    if (s.state === 'in_step' && s.waiting === 0) break;
    if (Date.now() > until) throw new Error(`not in step: ${JSON.stringify(s)}`);
    await sleep(100);
  }
  await sync.stop();
}

say('ready');
for await (const line of createInterface({ input: process.stdin })) {
  await run(JSON.parse(line) as CrashCommand);
  say('done');
}
cache.close();

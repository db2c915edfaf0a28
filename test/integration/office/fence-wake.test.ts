// Events held behind the pull's fence (an older transaction still open when they committed) are pulled
// again when the office's next notification comes, for any folder: that notification means a transaction
// ended, and the fence may have moved past them. On an in-memory office with the server's rules
// (test/support/fake-office.ts), with no timers, so only the notification can bring them.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OfficeCursorRow } from '../../../electron/core/cache/office';
import { OfficeSync, type OfficeConnection } from '../../../electron/core/office/sync';
import type { Timers } from '../../../electron/core/sync';
import { FakeOffice } from '../../support/fake-office';
import { linkedCache, OFFICE_PROFILE as P } from '../../support/office';
import { ManualClock, MemoryLogger } from '../cache/fixtures';

const URL1 = 'postgres://office.example/desk';
const noTimers: Timers = { setTimeout: () => 1, clearTimeout: () => {} };
const clock = new ManualClock();
let office: FakeOffice;
let cleanups: Array<() => void>;

/** A connection whose pulls stop at `fence()` and say, as the real client does, whether events wait behind it. */
function heldConnect(connect: () => Promise<OfficeConnection>, fence: () => number, tell: boolean): () => Promise<OfficeConnection> {
  return async () => {
    const c = await connect();
    return {
      ...c,
      pull: async (folder: string, cursor: OfficeCursorRow, limit?: number) => {
        const r = await c.pull(folder, cursor, limit);
        const events = r.events.filter((e) => e.xid < fence());
        const last = events.at(-1);
        const page = { events, cursor: last ? { xid: last.xid, seq: last.seq } : cursor };
        return tell ? { ...page, held: events.length < r.events.length } : page;
      },
    };
  };
}

const invited = (originId: string, authorId: number, folder: string) => ({
  id: randomUUID(),
  folder,
  kind: 'shortlist.entry',
  body: {
    originId,
    title: 't',
    authorId,
    name: `X ${authorId}`,
    email: null,
    orcid: null,
    affiliation: null,
    status: 'invited',
    invitedAt: 5,
    answeredAt: null,
    closedAt: null,
    dueDate: null,
    note: '',
    removed: false,
  },
});

beforeEach(() => {
  office = new FakeOffice();
  office.addEditor('ann', ['JOURNAL-A', 'JOURNAL-B']);
  office.addEditor('bob', ['JOURNAL-A', 'JOURNAL-B']);
  cleanups = [];
});
afterEach(() => {
  for (const c of cleanups) c();
});

async function annWith(fence: () => number, tell: boolean) {
  const { cache, close } = linkedCache('ann', URL1, clock);
  const sync = new OfficeSync({
    cache,
    profileId: P,
    link: { url: URL1, login: 'ann' },
    connect: heldConnect(office.connect('ann'), fence, tell),
    clock,
    timers: noTimers,
    logger: new MemoryLogger(),
  });
  cleanups.push(() => {
    void sync.stop();
    close();
  });
  await sync.syncNow();
  return { cache, sync };
}

describe('events held behind the fence', () => {
  for (const tell of [true, false]) {
    it(`are pulled at the next notification of another folder ${tell ? 'when' : 'only when'} the connection tells they wait`, async () => {
      let fence = Infinity;
      const ann = await annWith(() => fence, tell);
      const bob = await office.connect('bob')();
      fence = 0; // an older transaction is still open when Bob's event in journal A commits
      await bob.push([invited('ms-a', 7, 'JOURNAL-A')]);
      await ann.sync.idle();
      expect(ann.cache.office.colleagueInvites(P, 'ann', [7])).toHaveLength(0);
      fence = Infinity; // it ended; the next notification names journal B only
      await bob.push([invited('ms-b', 8, 'JOURNAL-B')]);
      await ann.sync.idle();
      expect(ann.cache.office.colleagueInvites(P, 'ann', [8])).toHaveLength(1);
      // Told: journal A is pulled again at once. Not told: it waits for the timed retries (none here).
      expect(ann.cache.office.colleagueInvites(P, 'ann', [7])).toHaveLength(tell ? 1 : 0);
    });
  }
});

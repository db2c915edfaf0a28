// Events held behind the pull's fence (an older transaction still open when they committed) are pulled
// again when the office's next notification comes, for any folder: that notification means a transaction
// ended, and the fence may have moved past them. On an in-memory office with the server's rules
// (test/support/fake-office.ts), with no timers, so only the notification can bring them.
import { describe, expect, it } from 'vitest';
import { eachFakeOffice, entryBody, entryEvent, fencedConnect, OFFICE_PROFILE as P, syncedEditor } from '../../support/office';
import { ManualClock } from '../cache/fixtures';

const URL1 = 'postgres://office.example/desk';
const clock = new ManualClock();
const t = eachFakeOffice({ ann: ['JOURNAL-A', 'JOURNAL-B'], bob: ['JOURNAL-A', 'JOURNAL-B'] });

const invited = (originId: string, authorId: number, folder: string) =>
  entryEvent(folder, entryBody(originId, authorId, { status: 'invited', invitedAt: 5 }));

/** Ann's synced cache, pulling through the fence (which says whether events wait behind it when `tell`), after a first sync. */
async function annWith(fence: () => number, tell: boolean) {
  const ann = syncedEditor('ann', {
    url: URL1,
    clock,
    connect: fencedConnect(t.office.connect('ann'), fence, { tellHeld: tell }),
    cleanups: t.cleanups,
  });
  await ann.sync.syncNow();
  return ann;
}

describe('events held behind the fence', () => {
  for (const tell of [true, false]) {
    it(`are pulled at the next notification of another folder ${tell ? 'when' : 'only when'} the connection tells they wait`, async () => {
      let fence = Infinity;
      const ann = await annWith(() => fence, tell);
      const bob = await t.office.connect('bob')();
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

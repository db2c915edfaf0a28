// Settings → Clear cache: the confirmation says what goes and, when writes are waiting, that
// they are kept with what they need.
import { describe, expect, it } from 'vitest';
import type { CacheClearView } from '../../../electron/common/shapes';
import { keptText, removedText } from '../../../renderer/src/features/settings/cacheText';

const view = (kept: CacheClearView['kept']): CacheClearView => ({
  preview: true,
  removed: { runs: 2, candidates: 1500, journalLists: 1, customFields: 9, authorsSeen: 1, groupAuthorDetails: 0 },
  kept,
});

describe('clear cache text', () => {
  it('lists what goes, with counts', () => {
    expect(removedText(view({ pendingWrites: 0, manuscripts: 0 }))).toBe(
      '2 upload runs with 1,500 candidates, 1 journal list, 9 custom fields, 1 person seen as a candidate and the linked-author details of 0 group authors',
    );
  });

  it('says nothing is waiting, or that the waiting writes are kept with what they need', () => {
    expect(keptText(view({ pendingWrites: 0, manuscripts: 0 }))).toMatch(/No change is waiting to be sent\.$/);
    expect(keptText(view({ pendingWrites: 1, manuscripts: 1 }))).toMatch(
      new RegExp(
        String.raw`1 change is waiting to be sent: it is kept, with the files it needs, ` +
          String.raw`and 1 manuscript keeps its runs and candidates until its upload is sent or discarded\.$`,
      ),
    );
    expect(keptText(view({ pendingWrites: 3, manuscripts: 0 }))).toMatch(
      /3 changes are waiting to be sent: they are kept, with the files they need\.$/,
    );
  });
});

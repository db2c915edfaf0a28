import type { CacheClearView } from '../../../../electron/common/shapes';

const n = (count: number, one: string, many: string): string => `${count.toLocaleString('en')} ${count === 1 ? one : many}`;

/** What Clear cache drops, in one sentence (for the confirmation and for the result). */
export function removedText(v: CacheClearView): string {
  const r = v.removed;
  const parts = [
    `${n(r.runs, 'upload run', 'upload runs')} with ${n(r.candidates, 'candidate', 'candidates')}`,
    n(r.journalLists, 'journal list', 'journal lists'),
    n(r.customFields, 'custom field', 'custom fields'),
    n(r.authorsSeen, 'person seen as a candidate', 'people seen as candidates'),
    `the linked-author details of ${n(r.groupAuthorDetails, 'group author', 'group authors')}`,
  ];
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)!}`;
}

/** What Clear cache keeps: always the editor's own records; the queued writes when there are any. */
export function keptText(v: CacheClearView): string {
  const always = 'Manuscripts with their files and referee marks, authors groups with their authors, and the webhook history stay.';
  const { pendingWrites, manuscripts } = v.kept;
  if (pendingWrites === 0) return `${always} No change is waiting to be sent.`;
  const waiting =
    `${n(pendingWrites, 'change is', 'changes are')} waiting to be sent: ` +
    `${pendingWrites === 1 ? 'it is' : 'they are'} kept, with the files ` +
    `${pendingWrites === 1 ? 'it needs' : 'they need'}`;
  const runs =
    manuscripts > 0
      ? `, and ${n(manuscripts, 'manuscript keeps its', 'manuscripts keep their')} runs and candidates ` +
        `until ${manuscripts === 1 ? 'its upload is' : 'their uploads are'} sent or discarded`
      : '';
  return `${always} ${waiting}${runs}.`;
}

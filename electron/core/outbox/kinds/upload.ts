// An upload: the manuscript is saved locally (pending) with its file (staged, then taken over); sending posts the
// form and file; the answer is staged and committed as the manuscript's new run; undoing drops a
// manuscript never uploaded (or gives back its last uploaded form) and its file.
import type { UploadFormInput } from '../../../common/service';
import type { StoredFile } from '../../cache/types';
import type { KindContext, OutboxKindDef } from './types';

export const uploadKey = (originId: string): string => `manuscript:${originId}`;

/**
 * Records the manuscript (pending) with its file and queues its upload, in one transaction. Without
 * a new file the upload sends the manuscript's own (the same file, not a copy: a discard deletes it
 * only with the manuscript, when no other upload of it is open).
 */
export function queueUpload(
  ctx: KindContext,
  form: UploadFormInput,
  newFile: StoredFile | null,
): { entryId: number; manuscriptId: number } {
  const manuscripts = ctx.cache.manuscripts;
  return ctx.store.transaction(() => {
    const known = manuscripts.get(ctx.profileId, form.origin_id);
    const file = newFile ?? known?.file ?? null;
    const previousForm = known?.syncState === 'synced' && known.serviceId !== null ? known.form : undefined;
    const ms = manuscripts.savePending(ctx.profileId, { form, file });
    const data = previousForm ? { form, file, previousForm } : { form, file };
    return { entryId: ctx.insert({ kind: 'upload', data }, uploadKey(form.origin_id), null), manuscriptId: ms.id };
  });
}

export const upload: OutboxKindDef<'upload'> = {
  async send(ctx, e, signal) {
    const { form, file } = e.data;
    const res = await ctx.api.uploadManuscript(file ? { fields: form, file: { path: file.path, filename: file.name } } : { fields: form }, {
      ...(signal ? { signal } : {}),
      onProgress: (p) => ctx.progress(e, p.sentBytes, p.totalBytes),
    });
    // Candidates are written hidden, in chunks that yield to the event loop; the run becomes
    // visible in the same transaction that marks the upload done.
    const ms = ctx.cache.manuscripts;
    const staged = await ms.stageUploadRun(ctx.profileId, { form, file }, res.value, res.raw);
    try {
      ctx.finish(e, () => {
        ms.commitUploadRun(staged, { linkLater: true });
      });
    } catch (err) {
      ms.discardStagedRun(staged);
      throw err;
    }
    // The run is visible now; its author records and ledger suggestions follow in slices (resumed at
    // the next start if the app stops in between).
    await ms.linkRun(staged.runId);
  },
  mark(ctx, e, state) {
    const ms = ctx.cache.manuscripts.get(ctx.profileId, e.data.form.origin_id);
    if (ms) ctx.cache.manuscripts.setSyncState(ms.id, state);
  },
  undo(ctx, e) {
    const c = ctx.cache.manuscripts;
    const ms = c.get(ctx.profileId, e.data.form.origin_id);
    const gone = ms !== undefined && ctx.store.othersOpen(e) === 0 && c.revertToLastRun(ms.id, e.data.previousForm);
    return { ids: [], files: gone && e.data.file ? [e.data.file.path] : [] };
  },
  interrupted: () => null,
};

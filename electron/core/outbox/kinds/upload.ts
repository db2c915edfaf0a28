// An upload: the manuscript is saved locally (pending) with a copy of its file; sending posts the
// form and file; the answer is staged and committed as the manuscript's new run; undoing drops a
// manuscript never uploaded (or gives back its last uploaded form) and the file copy.
import type { UploadFormInput } from '../../../common/service';
import type { StoredFile } from '../../cache/types';
import type { KindContext, OutboxKindDef } from './types';

export const uploadKey = (originId: string): string => `manuscript:${originId}`;

/** Records the manuscript (pending) with its file copy and queues its upload, in one transaction. */
export function queueUpload(ctx: KindContext, form: UploadFormInput, file: StoredFile | null): { entryId: number; manuscriptId: number } {
  const manuscripts = ctx.cache.manuscripts;
  return ctx.store.transaction(() => {
    const known = manuscripts.get(ctx.profileId, form.origin_id);
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

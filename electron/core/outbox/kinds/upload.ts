// An upload: the manuscript is saved locally (pending) with its form and file (staged, then taken
// over); the entry stores the manuscript's origin_id and the file, and sending posts the form the
// manuscript has then (manuscripts.form_json, the one copy) with the file; the answer is staged and
// committed as the manuscript's new run; undoing drops a manuscript never uploaded (or gives back
// its last uploaded form) and its file.
import { DeskError } from '../../../common/errors';
import type { UploadForm, UploadFormInput } from '../../../common/service';
import type { UploadProgress } from '../../api/types';
import type { StoredFile } from '../../cache/types';
import type { KindContext, OutboxKindDef } from './types';

export const uploadKey = (originId: string): string => `manuscript:${originId}`;

/**
 * Records the manuscript (pending) with its form and file and queues its upload, in one transaction.
 * Without a new file the upload sends the manuscript's own (the same file, not a copy: a discard
 * deletes it only with the manuscript, when no other upload of it is open).
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
    const data = { originId: form.origin_id, file, ...(previousForm ? { previousForm } : {}) };
    return { entryId: ctx.insert({ kind: 'upload', data }, uploadKey(form.origin_id), null), manuscriptId: ms.id };
  });
}

/**
 * The manuscript's stored form, as the client takes it. It was validated by the router when it was
 * queued and is read back from our own database (stored as uploadFormSchema's output), so it is not
 * parsed again; this check of its shape only keeps a damaged row from being sent half-formed (it is
 * parked with this message instead).
 */
export function asValidated(f: UploadFormInput, originId: string): UploadForm {
  const texts = [f.folder, f.origin_id, f.title, f.abstract].every((v) => typeof v === 'string');
  if (texts && Number.isInteger(f.authors_count) && Array.isArray(f.authors)) return f as UploadForm;
  throw new DeskError(
    'invalid_input',
    `The saved form of manuscript ${originId} is damaged: open the manuscript, check its form and upload it again.`,
  );
}

export const upload: OutboxKindDef<'upload'> = {
  async send(ctx, e, signal) {
    const { form: stored, file, originId } = e.data;
    if (stored === null) throw new DeskError('not_found', `The manuscript ${originId} of this upload is no longer in the cache.`);
    const form = asValidated(stored, originId);
    const req = file ? { fields: form, file: { path: file.path, filename: file.name } } : { fields: form };
    const opts = { ...(signal ? { signal } : {}), onProgress: (p: UploadProgress) => ctx.progress(e, p.sentBytes, p.totalBytes) };
    // The run becomes visible in the same transaction that marks the upload done, without an fsync on core's
    // thread: a power cut that loses this commit leaves the upload queued, and it is sent again.
    await ctx.cache.runs.record(
      ctx.profileId,
      { form, file },
      {
        ...(ctx.api.uploadManuscriptRead ? { read: async (reader) => (await ctx.api.uploadManuscriptRead!(req, reader, opts)).value } : {}),
        parse: async () => {
          const res = await ctx.api.uploadManuscript(req, opts);
          return { response: res.value, raw: res.raw };
        },
      },
      (makeVisible) => ctx.finish(e, makeVisible, { resendable: true }),
      // An upload of the manuscript queued meanwhile keeps its form (the manuscript's) for its own send.
      () => ctx.store.othersOpen(e) > 0,
    );
  },
  mark(ctx, e, state) {
    const ms = ctx.cache.manuscripts.get(ctx.profileId, e.data.originId);
    if (ms) ctx.cache.manuscripts.setSyncState(ms.id, state);
  },
  undo(ctx, e) {
    const c = ctx.cache.manuscripts;
    const ms = c.get(ctx.profileId, e.data.originId);
    const gone = ms !== undefined && ctx.store.othersOpen(e) === 0 && c.revertToLastRun(ms.id, e.data.previousForm);
    return { ids: [], files: gone && e.data.file ? [e.data.file.path] : [] };
  },
  interrupted: () => null,
};

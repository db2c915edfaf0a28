import { open } from 'node:fs/promises';
import { basename, isAbsolute } from 'node:path';
import type { PreviewFile } from '../../common/shapes';
import { DeskError, type DeskErrorShape } from '../../common/errors';
import { PREVIEW_MAX_BYTES } from '../../common/limits';
import type { Cache } from '../cache';
import type { HandlerMap } from '../router';
import { ownManuscript, type CoreContext } from './context';
import { outboxView } from './outbox';

type Channels =
  | 'files.stage'
  | 'files.stagePath'
  | 'files.pick'
  | 'intake.inspect'
  | 'intake.preview'
  | 'manuscripts.list'
  | 'manuscripts.search'
  | 'manuscripts.folders'
  | 'manuscripts.get'
  | 'manuscripts.upload'
  | 'manuscripts.uploadStatus';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Intake's verdicts kept for staged files not yet uploaded (a staged file is taken by one upload). */
const MAX_VERDICTS = 1000;

export function manuscriptHandlers(ctx: CoreContext): HandlerMap<Channels> {
  const pid = () => ctx.workspace().profileId;
  const mine = (id: number) => ownManuscript(ctx, id);
  // Intake's verdict on each staged file it read (null: read, no refusal). A file intake refused is never
  // queued: the editor gets intake's error instead, since sending it would only hand the service the same file.
  const verdicts = new Map<string, DeskErrorShape | null>();
  const remember = (fileId: string, error: DeskErrorShape | null) => {
    verdicts.delete(fileId);
    verdicts.set(fileId, error);
    for (const oldest of verdicts.keys()) {
      if (verdicts.size <= MAX_VERDICTS) break;
      verdicts.delete(oldest);
    }
  };
  const inspect = async (fileId: string) => {
    const r = await ctx.intake.inspect(await ctx.staging.path(fileId), { root: ctx.staging.dir });
    // "cancelled" says intake was shut down, nothing about the file
    if (r.error?.code !== 'cancelled') remember(fileId, r.error ? { code: r.error.code, message: r.error.message } : null);
    return r;
  };
  /** Intake's refusal of a staged file, reading it now if intake has not (a window may upload without asking). */
  const refusal = async (fileId: string): Promise<DeskErrorShape | null> => {
    if (verdicts.has(fileId)) return verdicts.get(fileId)!;
    const r = await inspect(fileId);
    return r.error ? { code: r.error.code, message: r.error.message } : null;
  };
  return {
    'files.stage': async ({ name, dataBase64 }) => {
      if (dataBase64.length % 4 !== 0 || !BASE64.test(dataBase64)) {
        throw new DeskError('invalid_input', 'The file data is not valid base64.', { field: 'dataBase64' });
      }
      return ctx.staging.stageBytes(name, Buffer.from(dataBase64, 'base64'));
    },
    'files.stagePath': async ({ path }) => {
      if (!ctx.stagesPaths) throw new DeskError('unsupported', 'This window sends dropped files by their content, not by a path.');
      if (!isAbsolute(path)) throw new DeskError('invalid_input', 'The dropped file has no full path.', { field: 'path' });
      return ctx.staging.stagePath(path);
    },
    'files.pick': async () => {
      if (!ctx.pickFiles) throw new DeskError('unsupported', 'This window has no system file dialog; use the file input or drop files.');
      const paths = await ctx.pickFiles();
      const results = await Promise.allSettled(paths.map((p) => ctx.staging.stagePath(p)));
      return {
        files: results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : [])),
        refused: results.flatMap((r, i) =>
          r.status === 'rejected'
            ? [{ name: basename(paths[i]!), message: r.reason instanceof DeskError ? r.reason.message : 'The file could not be read.' }]
            : [],
        ),
      };
    },
    'intake.inspect': async ({ fileId }) => {
      const r = await inspect(fileId);
      return {
        fileId,
        format: r.format,
        title: r.title,
        abstract: r.abstract,
        authors: r.authors,
        references: r.references,
        error: r.error ? { code: r.error.code, message: r.error.message } : null,
        ...(r.confidence ? { confidence: r.confidence } : {}),
      };
    },
    'intake.preview': async ({ fileId }) => previewSource(fileId, await ctx.staging.path(fileId)),
    // Before the first start's demo service has made the first profile there is nothing to list yet.
    'manuscripts.list': ({ folder }) => (ctx.firstProfilePending() ? [] : ctx.cache.manuscripts.list(pid(), folder ? { folder } : {})),
    'manuscripts.search': ({ text }) => (ctx.firstProfilePending() ? [] : ctx.cache.search.manuscripts(pid(), text)),
    'manuscripts.folders': () => (ctx.firstProfilePending() ? [] : ctx.cache.manuscripts.listFolders(pid())),
    'manuscripts.get': ({ id }) => {
      const manuscript = mine(id);
      return { manuscript, runs: ctx.cache.manuscripts.runs(id) };
    },
    'manuscripts.uploadStatus': ({ id }) => {
      const entry = ctx.workspace().outbox.openUpload(mine(id).originId);
      return entry ? outboxView(entry) : null;
    },
    'manuscripts.upload': async ({ form, fileId, replace }) => {
      // The staged file is moved into the outbox's folder first (off the event loop), with the hash staging
      // measured; the outbox puts it back into staging when the upload cannot be queued.
      // On a first start the demo service may still be starting: the upload waits for the profile it makes, then is
      // queued and sent as soon as the service answers.
      const outbox = (await ctx.whenWorkspace()).outbox;
      // One origin_id is one manuscript on the service: an upload over a colleague's asks first.
      const over = replace ? null : colleagueUpload(ctx.cache.manuscripts, pid(), form.origin_id);
      if (over) throw new DeskError('conflict', over, { field: 'replace' });
      const refused = fileId ? await refusal(fileId) : null;
      if (refused) throw new DeskError(refused.code, refused.message, { field: 'fileId' });
      const taken = fileId ? await ctx.staging.take(fileId, outbox.uploadsDir) : null;
      if (fileId) verdicts.delete(fileId);
      // "Queued" only once it is on disk; the fsync runs off core's thread (cache.editorWrite).
      const { manuscriptId } = await ctx.cache.editorWrite(() => outbox.queueUpload({ form, ...(taken ? { file: taken } : {}) }));
      return ctx.cache.manuscripts.getById(manuscriptId)!;
    },
  };
}

/**
 * The question to ask before an upload of `originId` when the manuscript's newest run is a colleague's
 * (shared through the office): the service keeps one manuscript per origin_id, so the upload replaces
 * theirs there. Null when the newest run is the editor's own or the manuscript is new.
 */
export function colleagueUpload(manuscripts: Cache['manuscripts'], profileId: string, originId: string): string | null {
  const m = manuscripts.get(profileId, originId);
  if (!m?.uploadedBy) return null;
  const at = m.lastRunId === null ? undefined : manuscripts.run(m.lastRunId)?.uploadedAt;
  const when =
    at === undefined ? '' : ` of ${new Date(at).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' })}`;
  return `This replaces ${m.uploadedBy}’s upload${when} on the service.`;
}

/** A staged file's bytes for the window's first-page preview: a PDF by its header, at most PREVIEW_MAX_BYTES (read off the
 * event loop, into a buffer that is not zero-filled first: only the bytes read are handed on). */
async function previewSource(fileId: string, path: string): Promise<PreviewFile> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    const head = Buffer.alloc(5);
    await file.read(head, 0, 5, 0);
    if (head.toString('latin1') !== '%PDF-') return { fileId, kind: 'docx', data: null };
    if (size > PREVIEW_MAX_BYTES) return { fileId, kind: 'too-large', data: null };
    const bytes = Buffer.allocUnsafeSlow(size);
    let read = 0;
    while (read < size) {
      const { bytesRead } = await file.read(bytes, read, size - read, read);
      if (bytesRead === 0) break;
      read += bytesRead;
    }
    return { fileId, kind: 'pdf', data: bytes.subarray(0, read) };
  } finally {
    await file.close();
  }
}

import { create } from 'zustand';
import type { UploadFormInput } from '../../../electron/common/service';
import { UPLOAD_BOUNDS, type UploadBound } from '../../../electron/common/service/upload-bounds';
import type { FolderRow, IntakeView, ManuscriptRow, RunRow, SearchHit, StagedFile } from '../../../electron/common/shapes';
import { MAX_MANUSCRIPT_BYTES, tooLargeMessage } from '../../../electron/common/limits';
import { boundsProblem } from '../../../electron/common/domain/wording';
import { live, shareEqual } from '../data/queries';
import { desk, errorText } from '../platform/instance';
import { useCandidates } from './candidates';
import { useProfiles } from './profiles';

const FOLDER_KEY = 'referee-desk.lastFolder.';

/** The folder the editor last uploaded to with the active profile (this window's storage), or ''. */
export function lastFolder(): string {
  const profile = useProfiles.getState().state?.activeId;
  if (!profile) return '';
  try {
    return localStorage.getItem(FOLDER_KEY + profile) ?? '';
  } catch {
    return '';
  }
}

function rememberFolder(folder: string): void {
  const profile = useProfiles.getState().state?.activeId;
  if (!profile || !folder.trim()) return;
  try {
    localStorage.setItem(FOLDER_KEY + profile, folder.trim());
  } catch {
    // Storage refused: the folder is asked again next time.
  }
}

/** One file of the batch queue: staged, read by intake, edited by the editor, then queued. */
export interface BatchItem {
  key: string;
  name: string;
  state: 'staging' | 'reading' | 'ready' | 'queued' | 'failed' | 'cancelled';
  file: StagedFile | null;
  intake: IntakeView | null;
  form: UploadFormInput;
  error: string | null;
  manuscriptId: number | null;
  /** A new run of a manuscript already known: its id stays, its stored file is sent again. */
  update: boolean;
  /** Why the service did not take the queued upload, in its words (read when the list says it failed). */
  refusal?: string | null;
  /** The file can never be read (not a manuscript, encrypted, too large): trying again cannot help. */
  permanent?: boolean;
  /** Upload was tried once: the form's problems are shown from then on, not before. */
  tried?: boolean;
  /** Upload was pressed before any profile existed (the demo service still starting): core queues it once it answers. */
  waiting?: boolean;
  /** Its manuscript id is uploaded already: asked "Upload again as run #N?" before anything else (`sameFile`: the same bytes too). */
  duplicate?: { manuscriptId: number; title: string; nextRun: number; sameFile: boolean; colleague?: string | null } | null;
  /** The editor said yes to replacing a colleague's upload of this manuscript on the service. */
  replace?: boolean;
}

/** Core's refusal of an upload over a colleague's: its message is the question to ask ("This replaces …"). */
export const replacesColleague = (err: unknown): string | null =>
  typeof err === 'object' &&
  err !== null &&
  (err as { code?: unknown }).code === 'conflict' &&
  (err as { field?: unknown }).field === 'replace'
    ? String((err as { message?: unknown }).message)
    : null;

/** What a dropped batch shares: one folder and one set of bounds, applied to every file by Upload all. */
export type BatchDefaults = Pick<UploadFormInput, 'folder' | UploadBound>;

/** The problems that keep a form from being uploaded, in the form's words (empty when it can go). */
export function formProblems(form: UploadFormInput): string[] {
  const out: string[] = [];
  if (!form.folder.trim()) out.push('Folder is required.');
  if (!form.origin_id.trim()) out.push('Manuscript id is required.');
  if (!form.title.trim()) out.push('Title is required.');
  if (!form.abstract.trim()) out.push('Abstract is required.');
  const bounds = boundsProblem(form);
  if (bounds) out.push(bounds.message);
  return out;
}

interface ManuscriptsStore {
  list: ManuscriptRow[];
  folders: FolderRow[];
  folder: string | null;
  searchText: string;
  hits: SearchHit[] | null;
  selectedId: number | null;
  detail: { manuscript: ManuscriptRow; runs: RunRow[] } | null;
  batch: BatchItem[];
  /** Bytes sent of uploads in flight, by manuscript id. */
  progress: Record<number, { sent: number; total: number }>;
  error: string | null;
  /** An upload again or a move over a colleague's upload, waiting for the editor's yes (answerReplace). */
  replaceAsk: { manuscriptId: number; changes: Partial<UploadFormInput>; question: string } | null;
  /** The list and its folders (a start, another profile). */
  load(): Promise<void>;
  /** The list (the open manuscript's detail reloads by its own changes). */
  loadList(): Promise<void>;
  loadFolders(): Promise<void>;
  setFolder(folder: string | null): Promise<void>;
  search(text: string): Promise<void>;
  select(id: number | null): Promise<void>;
  selectRelative(delta: 1 | -1): Promise<void>;
  addFiles(files: DroppedFile[]): Promise<void>;
  addStaged(files: StagedFile[]): Promise<void>;
  /** The main process's file dialog (Electron); files it could not copy are reported, the others queued. */
  pick(): Promise<void>;
  updateForm(key: string, form: UploadFormInput): void;
  submit(key: string): Promise<void>;
  /** Applies the batch's folder and bounds to every file ready to go, then queues each that has no problem. */
  uploadAll(defaults: BatchDefaults): Promise<void>;
  /** The answer to "Upload again as run #N?": yes makes it a new run of that manuscript, no cancels the file. */
  answerDuplicate(key: string, again: boolean): void;
  cancel(key: string): void;
  retry(key: string): Promise<void>;
  /** Stops a queued upload (aborting it if it is being sent); the manuscript goes back to its last run. */
  cancelUpload(key: string): Promise<void>;
  /** Sends a failed upload again. */
  retryUpload(key: string): Promise<void>;
  clearDone(): void;
  reupload(manuscript: ManuscriptRow, changes: Partial<UploadFormInput>, replace?: boolean): Promise<void>;
  /** The answer to "This replaces <colleague>'s upload …" asked for an upload again or a move. */
  answerReplace(yes: boolean): Promise<void>;
  /** Puts a known manuscript's form in the upload queue to edit before uploading it again. */
  editAgain(manuscript: ManuscriptRow): void;
  setProgress(manuscriptId: number, sent: number, total: number): void;
  /** Another profile's workspace: its list and selection go, and so do uploads queued there. */
  reset(): void;
}

/** The manuscripts the list shows: all of the folder, or those matching the active search. */
export function shownManuscripts(s: Pick<ManuscriptsStore, 'list' | 'hits'>): ManuscriptRow[] {
  const { list, hits } = s;
  if (!hits) return list;
  const ids = new Set(hits.map((h) => h.id));
  return list.filter((m) => ids.has(m.id));
}

let seq = 0;

/** Core refused the file's content (not a PDF/DOCX, encrypted, a zip bomb): reading it again gives the same answer. */
const unreadable = (err: unknown) => typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 'invalid_file';

/** A file the editor dropped or chose in the file input: in Electron staged by its path (`file`), else by its bytes (`read`). */
export interface DroppedFile {
  name: string;
  size: number;
  read: () => Promise<ArrayBuffer>;
  file?: File;
}

/** How to read each dropped file again (for Retry after its copy failed); outside the store: not serialisable. */
const sources = new Map<string, DroppedFile>();

export function emptyForm(name = ''): UploadFormInput {
  const base = name.replace(/\.(pdf|docx)$/i, '');
  return {
    folder: '',
    origin_id: base.replace(/[^A-Za-z0-9._-]+/g, '-').slice(0, 60) || `ms-${Date.now()}`,
    title: '',
    abstract: '',
    authors_count: 0,
    authors: [],
  };
}

/** Fills the empty fields of a form from what intake read; what the editor typed stays. */
export function prefill(form: UploadFormInput, intake: IntakeView): UploadFormInput {
  const authors =
    (form.authors ?? []).length > 0
      ? form.authors
      : intake.authors.map((a) => ({ name: a.name, aff: a.affiliation ?? '', orcid: a.orcid ?? '', email: a.email ?? '' }));
  return {
    ...form,
    title: form.title || intake.title || '',
    abstract: form.abstract || intake.abstract || '',
    authors,
    authors_count: form.authors_count || (authors ?? []).length,
  };
}

function base64(buf: ArrayBuffer): string {
  const bytes = new Uint8Array(buf);
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

/** The store with no profile's data: its first state (with no files dropped), and what reset() goes back to. */
const EMPTY = {
  list: [],
  folders: [],
  folder: null,
  searchText: '',
  hits: null,
  selectedId: null,
  detail: null,
  progress: {},
  error: null,
  replaceAsk: null,
} satisfies Partial<ManuscriptsStore>;

export const useManuscripts = create<ManuscriptsStore>((set, get) => {
  const patch = (key: string, p: Partial<BatchItem>) => set((s) => ({ batch: s.batch.map((b) => (b.key === key ? { ...b, ...p } : b)) }));
  const live = (key: string) => {
    const item = get().batch.find((b) => b.key === key);
    return item && item.state !== 'cancelled' ? item : undefined;
  };
  const stage = async (key: string, { name, read, file }: DroppedFile) => {
    try {
      // Electron: by its path, so the bytes never cross IPC; the browser host (or a File with no path): its bytes
      const byPath = file ? desk().stageFile(file) : null;
      const staged = await (byPath ?? desk().invoke('files.stage', { name, dataBase64: base64(await read()) }));
      if (live(key)) await inspect(key, staged);
    } catch (err) {
      if (live(key)) patch(key, { state: 'failed', error: errorText(err), permanent: unreadable(err) });
    }
  };
  const inspect = async (key: string, file: StagedFile) => {
    if (!live(key)) return;
    patch(key, { state: 'reading', file, error: null });
    try {
      const intake = await desk().invoke('intake.inspect', { fileId: file.id });
      const item = live(key);
      if (!item) return;
      if (intake.error) patch(key, { state: 'failed', intake, error: intake.error.message, permanent: true });
      else {
        patch(key, { state: 'ready', intake, form: prefill(item.form, intake) });
        if (!item.update) await checkDuplicate(key, file);
      }
    } catch (err) {
      if (live(key)) patch(key, { state: 'failed', error: errorText(err) });
    }
  };
  /**
   * A file whose manuscript id (from its name) is uploaded already would become that manuscript's next
   * run: which manuscript, and the run's number, for the question asked first.
   */
  const checkDuplicate = async (key: string, file: StagedFile) => {
    const item = live(key);
    if (!item) return;
    const known = get().list.find((m) => m.originId === item.form.origin_id);
    if (!known) return;
    try {
      const { runs } = await desk().invoke('manuscripts.get', { id: known.id });
      const nextRun = Math.max(0, ...runs.map((r) => r.seq)) + 1;
      if (live(key))
        patch(key, {
          duplicate: {
            manuscriptId: known.id,
            title: known.title,
            nextRun,
            sameFile: known.file?.sha256 === file.sha256,
            colleague: known.uploadedBy,
          },
        });
    } catch (err) {
      if (live(key)) patch(key, { error: errorText(err) });
    }
  };
  /** The outbox entry of a queued batch item's upload (null once sent). */
  const pending = async (key: string) => {
    const item = get().batch.find((b) => b.key === key);
    if (!item || item.manuscriptId === null) return null;
    return desk().invoke('manuscripts.uploadStatus', { id: item.manuscriptId });
  };
  /** The reason of each queued upload the service refused, read once per refusal. */
  const refusals = async () => {
    const failed = get().batch.filter(
      (b) => b.state === 'queued' && b.refusal === undefined && get().list.find((m) => m.id === b.manuscriptId)?.syncState === 'failed',
    );
    for (const b of failed) {
      try {
        const entry = await pending(b.key);
        patch(b.key, { refusal: entry?.error?.message ?? null });
      } catch (err) {
        patch(b.key, { refusal: errorText(err) });
      }
    }
  };
  return {
    ...EMPTY,
    batch: [],
    async load() {
      await Promise.all([get().loadList(), get().loadFolders()]);
    },
    async loadList() {
      try {
        const list = await desk().invoke('manuscripts.list', get().folder ? { folder: get().folder! } : {});
        set({ list: shareEqual(get().list, list), error: null });
        await refusals();
        if (get().searchText.trim() !== '') await get().search(get().searchText);
      } catch (err) {
        set({ error: errorText(err) });
      }
    },
    async loadFolders() {
      try {
        set({ folders: await desk().invoke('manuscripts.folders', {}) });
      } catch (err) {
        set({ error: errorText(err) });
      }
    },
    async setFolder(folder) {
      set({ folder });
      await get().loadList();
    },
    async search(text) {
      set({ searchText: text });
      if (text.trim() === '') return set({ hits: null });
      try {
        set({ hits: await desk().invoke('manuscripts.search', { text }) });
      } catch (err) {
        set({ error: errorText(err) });
      }
    },
    async select(id) {
      set({ selectedId: id });
      if (id === null) return set({ detail: null });
      // The newest run's candidates are asked for together with the detail (the list row names that run),
      // not after the detail has come back and the view has mounted: one round trip less to a painted table.
      // Their first page (stores/candidates) is small, so both answers come back together and the view is
      // rendered and painted once, with its rows (a frame of the view without them is work thrown away).
      const lastRunId = get().list.find((m) => m.id === id)?.lastRunId ?? null;
      const candidates = useCandidates.getState();
      if (lastRunId !== null && candidates.runId !== lastRunId) void candidates.open(lastRunId);
      try {
        const detail = await desk().invoke('manuscripts.get', { id });
        if (get().selectedId !== id) return;
        set({ detail });
      } catch (err) {
        set({ error: errorText(err), detail: null });
      }
    },
    async selectRelative(delta) {
      // Steps through what the list shows: the search results when a search is active.
      const list = shownManuscripts(get());
      const { selectedId } = get();
      if (list.length === 0) return;
      const i = list.findIndex((m) => m.id === selectedId);
      const next = list[Math.min(list.length - 1, Math.max(0, i === -1 ? 0 : i + delta))];
      if (next) await get().select(next.id);
    },
    async addFiles(files) {
      // Every file shows in the queue at once; they are copied one after another (large batches stay light).
      const added = files.map((f) => ({ key: `f${++seq}`, f }));
      for (const { key, f } of added) sources.set(key, f);
      set((s) => ({
        batch: [
          ...s.batch,
          ...added.map(({ key, f }) => ({
            key,
            name: f.name,
            state: 'staging' as const,
            file: null,
            intake: null,
            form: { ...emptyForm(f.name), folder: lastFolder() },
            error: null,
            manuscriptId: null,
            update: false,
          })),
        ],
      }));
      for (const { key, f } of added) {
        if (!live(key)) continue;
        // Refused here, before its bytes are read and sent: the same limit intake enforces.
        if (f.size > MAX_MANUSCRIPT_BYTES) patch(key, { state: 'failed', error: tooLargeMessage(f.name, f.size), permanent: true });
        else await stage(key, f);
      }
    },
    async pick() {
      try {
        const { files, refused } = await desk().invoke('files.pick', {});
        set({ error: refused.length ? refused.map((r) => `${r.name}: ${r.message}`).join(' ') : null });
        await get().addStaged(files);
      } catch (err) {
        set({ error: errorText(err) });
      }
    },
    async addStaged(files) {
      for (const file of files) {
        const key = `f${++seq}`;
        set((s) => ({
          batch: [
            ...s.batch,
            {
              key,
              name: file.name,
              state: 'reading',
              file,
              intake: null,
              form: { ...emptyForm(file.name), folder: lastFolder() },
              error: null,
              manuscriptId: null,
              update: false,
            },
          ],
        }));
        await inspect(key, file);
      }
    },
    updateForm(key, form) {
      patch(key, { form });
    },
    async submit(key) {
      const item = get().batch.find((b) => b.key === key);
      if (!item) return;
      // Not before the editor said whether an uploaded file goes again.
      if (item.duplicate) return;
      // Said before anything is sent, in the form's words.
      const problems = formProblems(item.form);
      if (problems.length > 0) return patch(key, { error: problems.join(' '), tried: true });
      // No profile yet: the demo service is starting, and core queues the upload the moment it answers.
      if (!useProfiles.getState().state?.activeId) patch(key, { waiting: true });
      try {
        const m = await desk().invoke('manuscripts.upload', {
          form: item.form,
          ...(item.file ? { fileId: item.file.id } : {}),
          ...(item.replace ? { replace: true } : {}),
        });
        patch(key, { state: 'queued', manuscriptId: m.id, error: null, tried: true, waiting: false });
        rememberFolder(item.form.folder);
        // The list follows from core's change feed (the upload is a 'manuscripts' change).
        await get().select(m.id);
      } catch (err) {
        const question = replacesColleague(err);
        // Over a colleague's upload (the office shared it meanwhile): asked like a file uploaded already.
        const known = question ? get().list.find((m) => m.originId === item.form.origin_id) : undefined;
        if (question && known)
          patch(key, {
            waiting: false,
            duplicate: { manuscriptId: known.id, title: known.title, nextRun: 0, sameFile: false, colleague: known.uploadedBy },
          });
        else patch(key, { error: errorText(err), waiting: false });
      }
    },
    async uploadAll(defaults) {
      // A file uploaded already waits for its answer ("Upload again as run #N?").
      const ready = get().batch.filter((b) => b.state === 'ready' && !b.duplicate && !b.waiting);
      for (const item of ready) {
        const form: UploadFormInput = { ...item.form };
        // The batch's folder goes to every file whose own folder is empty or still the remembered one.
        const remembered = lastFolder();
        if (defaults.folder.trim() && (!form.folder.trim() || form.folder === remembered)) form.folder = defaults.folder.trim();
        for (const k of UPLOAD_BOUNDS) {
          if (defaults[k] !== undefined && form[k] === undefined) form[k] = defaults[k];
        }
        patch(item.key, { form });
      }
      // Before the first profile exists every card waits at once (each is queued in turn as core lets it through).
      if (!useProfiles.getState().state?.activeId)
        for (const item of get().batch)
          if (ready.some((r) => r.key === item.key) && formProblems(item.form).length === 0) patch(item.key, { waiting: true });
      for (const item of ready) await get().submit(item.key);
    },
    answerDuplicate(key, again) {
      const item = get().batch.find((b) => b.key === key);
      if (!item?.duplicate) return;
      if (!again) return get().cancel(key);
      const known = get().list.find((m) => m.id === item.duplicate!.manuscriptId);
      // A new run of that manuscript: its id, and its folder unless the editor chose one.
      const form = known ? { ...item.form, origin_id: known.originId, folder: item.form.folder || known.folder } : item.form;
      // Yes to a colleague's manuscript is yes to replacing their upload on the service.
      patch(key, { duplicate: null, update: true, form, replace: Boolean(item.duplicate.colleague) });
    },
    cancel(key) {
      patch(key, { state: 'cancelled' });
      sources.delete(key);
    },
    async retry(key) {
      const item = get().batch.find((b) => b.key === key);
      if (!item) return;
      const source = sources.get(key);
      if (item.file) await inspect(key, item.file);
      else if (source && source.size > MAX_MANUSCRIPT_BYTES)
        patch(key, { state: 'failed', error: tooLargeMessage(item.name, source.size) });
      else if (source) {
        patch(key, { state: 'staging', error: null });
        await stage(key, { ...source, name: item.name });
      } else patch(key, { state: 'ready', error: null });
    },
    async cancelUpload(key) {
      try {
        const entry = await pending(key);
        if (!entry) return patch(key, { error: 'This upload has been sent already; its run is kept.' });
        await desk().invoke('outbox.discard', { id: entry.id });
        patch(key, { state: 'cancelled', error: null });
      } catch (err) {
        patch(key, { error: errorText(err) });
      }
    },
    async retryUpload(key) {
      try {
        const entry = await pending(key);
        if (entry?.state === 'failed') await desk().invoke('outbox.retry', { id: entry.id });
        patch(key, { error: null, refusal: undefined });
      } catch (err) {
        patch(key, { error: errorText(err) });
      }
    },
    clearDone() {
      const done = (b: BatchItem) =>
        b.state === 'cancelled' || (b.state === 'queued' && get().list.find((m) => m.id === b.manuscriptId)?.syncState === 'synced');
      for (const b of get().batch) if (done(b)) sources.delete(b.key);
      set((s) => ({ batch: s.batch.filter((b) => !done(b)) }));
    },
    reset() {
      // Files not yet uploaded stay (they are the editor's, not the profile's); queued ones were sent to the old one.
      set((s) => ({
        ...EMPTY,
        batch: s.batch.filter((b) => b.state !== 'queued' && b.state !== 'cancelled' && !b.update),
      }));
    },
    setProgress(manuscriptId, sent, total) {
      set((s) => ({ progress: { ...s.progress, [manuscriptId]: { sent, total } } }));
    },
    editAgain(manuscript) {
      const key = `f${++seq}`;
      const name = manuscript.file?.name ?? manuscript.originId;
      set((s) => ({
        batch: [
          ...s.batch,
          {
            key,
            name,
            state: 'ready',
            file: null,
            intake: null,
            form: structuredClone(manuscript.form),
            error: null,
            manuscriptId: null,
            update: true,
          },
        ],
      }));
    },
    async reupload(manuscript, changes, replace) {
      try {
        await desk().invoke('manuscripts.upload', { form: { ...manuscript.form, ...changes }, ...(replace ? { replace: true } : {}) });
        set({ replaceAsk: null });
      } catch (err) {
        const question = replacesColleague(err);
        if (question) set({ replaceAsk: { manuscriptId: manuscript.id, changes, question } });
        else set({ error: errorText(err) });
      }
    },
    async answerReplace(yes) {
      const ask = get().replaceAsk;
      set({ replaceAsk: null });
      const m = ask ? get().list.find((x) => x.id === ask.manuscriptId) : undefined;
      if (yes && ask && m) await get().reupload(m, ask.changes, true);
    },
  };
});

// The list (with the open manuscript) and the folders reload by the changes READS names for each.
live(
  'manuscripts.list',
  () => {
    const folder = useManuscripts.getState().folder;
    return folder ? { folder } : {};
  },
  () => useManuscripts.getState().loadList(),
);
live(
  'manuscripts.folders',
  () => ({}),
  () => useManuscripts.getState().loadFolders(),
);
live(
  'manuscripts.get',
  () => {
    const id = useManuscripts.getState().selectedId;
    return id === null ? null : { id };
  },
  () => {
    const id = useManuscripts.getState().selectedId;
    return id === null ? undefined : useManuscripts.getState().select(id);
  },
);

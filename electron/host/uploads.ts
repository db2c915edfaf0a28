// Files a page sends over the browser host's socket (the wire format: electron/common/stage-file.ts). A text
// announcement {id, stage: {name, size}} opens a file in core's staging area; binary pieces carrying that id
// are written to it as they arrive, so the host never holds a whole file, nor decodes or parses one as text;
// the last announced byte finishes it (content checked, hashed, recorded) and the page gets {id, result}.
// Whatever goes wrong on the way (a piece with no announcement, more bytes than announced, a file that stops
// arriving, the socket closing) gets a clear error where there is a page to read it, and the part is removed.
import type { Envelope } from '../common/contract';
import { DeskError, isDeskError, type DeskErrorShape } from '../common/errors';
import { readStagePiece } from '../common/stage-file';
import type { IncomingFile, StagingArea } from '../core/files/staging';

export interface UploadLimits {
  /** Files being received at once on one socket (a page sends one at a time). */
  perSocket: number;
  /** A file whose next piece has not come for this long is dropped. */
  idleMs: number;
}

export const HOST_UPLOADS: UploadLimits = { perSocket: 4, idleMs: 30_000 };

/** Ids of refused files remembered per socket, so their remaining pieces are dropped without one error each. */
const REMEMBERED_REFUSALS = 64;

type Reply = (id: number | null, result: Envelope<unknown>) => void;

interface Open {
  name: string;
  /** The file once staging has opened it; null when it was refused (the refusal has gone out). */
  ready: Promise<IncomingFile | null>;
  file: IncomingFile | null;
  timer: NodeJS.Timeout | null;
}

const failure = (error: DeskErrorShape): Envelope<never> => ({ ok: false, error });

/** What an unexpected failure (the disk, a closed handle) tells the page: never a path or a stack. */
function shapeOf(err: unknown): DeskErrorShape {
  if (isDeskError(err)) return err.toShape();
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOSPC') return { code: 'disk_full', message: 'The disk holding the data folder is full; the file was not staged.' };
  return { code: 'internal', message: 'The file could not be written to the staging folder.' };
}

export class SocketUploads {
  private readonly open = new Map<number, Open>();
  private readonly refused = new Set<number>();
  private closed = false;

  constructor(
    private readonly staging: StagingArea,
    private readonly reply: Reply,
    private readonly limits: UploadLimits = HOST_UPLOADS,
  ) {}

  /** A text announcement: checks it and opens the file (the answer comes when the file is complete). */
  async announce(id: number, stage: unknown): Promise<void> {
    const s = stage as { name?: unknown; size?: unknown } | null;
    const name = typeof s?.name === 'string' ? s.name : null;
    const size = s?.size;
    if (!Number.isInteger(id) || id < 0 || id > 0xffffffff) {
      return this.reply(null, failure({ code: 'invalid_input', message: 'A file was announced without an id its pieces can carry.' }));
    }
    if (name === null || name.length === 0 || name.length > 255 || typeof size !== 'number') {
      return this.refuse(id, { code: 'invalid_input', message: 'A file was announced without a name (1–255 characters) and a size.' });
    }
    if (this.open.has(id)) return this.refuse(id, { code: 'invalid_input', message: `“${name}” was announced twice; nothing was kept.` });
    if (this.open.size >= this.limits.perSocket) {
      return this.refuse(id, {
        code: 'invalid_input',
        message: `“${name}” was refused: ${this.limits.perSocket} files are already arriving from this window.`,
      });
    }
    this.refused.delete(id);
    // Registered before staging opens the file, so pieces that arrive meanwhile wait for it, in order.
    const entry: Open = { name, ready: Promise.resolve(null), file: null, timer: null };
    entry.ready = this.staging.receive(name, size).then(
      (file) => file,
      (err: unknown) => {
        if (this.open.get(id) === entry) this.open.delete(id);
        this.refuse(id, shapeOf(err));
        return null;
      },
    );
    this.open.set(id, entry);
    const file = await entry.ready;
    if (!file) return;
    if (this.closed || this.open.get(id) !== entry) return void (await file.abort());
    entry.file = file;
    entry.timer = this.idleTimer(id, entry);
  }

  /** A binary message: the next piece of an announced file. Settles once it is on disk (or refused). */
  async piece(data: Buffer): Promise<void> {
    const piece = readStagePiece(data);
    if (!piece) {
      return this.reply(null, failure({ code: 'invalid_input', message: 'A binary message too short to name its file was ignored.' }));
    }
    const entry = this.open.get(piece.id);
    if (!entry) {
      if (this.refused.has(piece.id)) return;
      return this.refuse(piece.id, {
        code: 'invalid_input',
        message: 'File bytes arrived with no file announced for them; nothing was kept. Drop the file again.',
      });
    }
    const file = await entry.ready;
    // refused while opening, dropped meanwhile (idle, an earlier piece refused, the socket closed)
    if (!file || this.open.get(piece.id) !== entry) return;
    if (entry.timer) clearTimeout(entry.timer);
    const last = file.received + piece.bytes.length >= file.size;
    try {
      const written = file.write(piece.bytes);
      entry.timer = last ? null : this.idleTimer(piece.id, entry);
      await written;
      if (!last) return;
      this.drop(piece.id, entry);
      this.reply(piece.id, { ok: true, value: await file.finish() });
    } catch (err) {
      // one answer per file: a later piece failing the same way finds it dropped already
      const first = this.drop(piece.id, entry);
      await file.abort();
      if (first) this.refuse(piece.id, shapeOf(err));
    }
  }

  /** The socket closed: every file still arriving is removed. */
  async close(): Promise<void> {
    this.closed = true;
    const all = [...this.open.values()];
    for (const e of all) if (e.timer) clearTimeout(e.timer);
    this.open.clear();
    await Promise.all(all.map(async (e) => (await e.ready)?.abort()));
  }

  /** Files being received, for tests. */
  get receiving(): number {
    return this.open.size;
  }

  private idleTimer(id: number, entry: Open): NodeJS.Timeout {
    const timer = setTimeout(() => {
      if (this.open.get(id) !== entry || !entry.file) return;
      const file = entry.file;
      this.drop(id, entry);
      const message = `“${file.name}” stopped arriving after ${file.received} of ${file.size} bytes; nothing was kept. Drop it again.`;
      void file.abort().then(() => this.refuse(id, new DeskError('invalid_input', message).toShape()));
    }, this.limits.idleMs);
    timer.unref();
    return timer;
  }

  /** Forgets a file; false when it was forgotten already. */
  private drop(id: number, entry: Open): boolean {
    if (entry.timer) clearTimeout(entry.timer);
    entry.timer = null;
    return this.open.get(id) === entry && this.open.delete(id);
  }

  private refuse(id: number, error: DeskErrorShape): void {
    this.refused.add(id);
    if (this.refused.size > REMEMBERED_REFUSALS) this.refused.delete(this.refused.values().next().value!);
    if (!this.closed) this.reply(id, failure(error));
  }
}

// Files the editor dropped or picked, moved into the app's data folder before anything reads
// them: intake inspects the staged file, the outbox takes it over for the upload, and the original
// may move or vanish. A staged file is written, checked and SHA-256-hashed once, here; its record
// (<id>.json beside its folder <id>/) keeps name, size, format and hash for whoever takes it over.
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile, type FileHandle } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { basename, join } from 'node:path';
import type { StagedFile } from '../../common/shapes';
import { DeskError } from '../../common/errors';
import { tooLargeMessage } from '../../common/limits';
import type { FileHandover } from '../outbox/types';
import { checkContent, checkFile, checkPdfStructure, sniffFormat } from '../intake/check';
import { DEFAULT_LIMITS, type IntakeFormat } from '../intake/types';

const ID = /^[0-9a-f-]{36}$/;

/** What staging measured of a file, kept beside it until the outbox takes it over. */
type StagedRecord = Omit<StagedFile, 'id'>;

export interface StagingOptions {
  maxBytes?: number;
  /** The file's SHA-256 in hex (tests count the calls); streamed by default. */
  hash?: (path: string) => Promise<string>;
}

/** An id is a UUID: anything else (a path, "..") never reaches the file system. */
function checkId(id: string): void {
  if (!ID.test(id)) throw new DeskError('invalid_input', 'Unknown staged file.', { field: 'fileId' });
}

const gone = () => new DeskError('not_found', 'This file is no longer staged: drop or pick it again.', { field: 'fileId' });

export class StagingArea {
  private readonly maxBytes: number;
  private readonly hash: (path: string) => Promise<string>;

  constructor(
    readonly dir: string,
    opts: StagingOptions = {},
  ) {
    this.maxBytes = opts.maxBytes ?? DEFAULT_LIMITS.maxBytes;
    this.hash = opts.hash ?? sha256File;
    mkdirSync(dir, { recursive: true });
  }

  /** Writes bytes the renderer sent (drag and drop, browser file input). Nothing is kept when the
   * content is not a PDF or DOCX, whatever the name says. */
  async stageBytes(name: string, bytes: Buffer): Promise<StagedFile> {
    if (bytes.length > this.maxBytes) {
      throw new DeskError('invalid_file', tooLargeMessage(name, bytes.length, this.maxBytes));
    }
    return this.write(name, bytes, await checkContent(bytes, { maxBytes: this.maxBytes }));
  }

  /**
   * A file that arrives in pieces (the browser host's binary frames): announced with its name and size,
   * written to its own folder as the pieces come, hashed on the way, then checked and recorded by
   * finish(). Anything refused on the way (too large, not a PDF or DOCX, more bytes than announced) or
   * abort() removes what was written: the file is staged only once finish() has returned.
   */
  async receive(name: string, size: number): Promise<IncomingFile> {
    if (!Number.isSafeInteger(size) || size < 0) throw new DeskError('invalid_input', `“${name}” announced no valid size.`);
    if (size === 0) throw new DeskError('invalid_file', 'The file is empty (0 bytes).');
    if (size > this.maxBytes) throw new DeskError('invalid_file', tooLargeMessage(name, size, this.maxBytes));
    const id = randomUUID();
    const folder = join(this.dir, id);
    await mkdir(folder);
    const path = join(folder, safeName(name));
    let fh: FileHandle;
    try {
      fh = await open(path, 'wx');
    } catch (err) {
      await rm(folder, { recursive: true, force: true });
      throw err;
    }
    return new PartFile(id, name, size, path, fh, {
      check: async (format, tail) => {
        if (format === 'pdf') checkPdfStructure(tail);
        else await checkContent(await readFile(path), { maxBytes: this.maxBytes });
      },
      record: (record) => writeFile(this.recordPath(id), JSON.stringify(record), { flush: true }),
      remove: async () => {
        await rm(folder, { recursive: true, force: true });
        await rm(this.recordPath(id), { force: true });
      },
    });
  }

  /** Copies a file the editor picked in the system dialog; the original is only read. */
  async stagePath(path: string): Promise<StagedFile> {
    const checked = await checkFile(path, { maxBytes: this.maxBytes });
    return this.write(basename(path), checked.bytes, checked.format);
  }

  /** Bytes already checked, written into a folder of their own, hashed, then recorded: the file is staged
   * once its record is there. Every disk write and flush runs off the event loop. */
  private async write(name: string, bytes: Buffer, format: IntakeFormat): Promise<StagedFile> {
    const id = randomUUID();
    const folder = join(this.dir, id);
    await mkdir(folder);
    const path = join(folder, safeName(name));
    try {
      await writeFile(path, bytes, { flush: true });
      const record: StagedRecord = { name: basename(path), size: bytes.length, format, sha256: await this.hash(path) };
      await writeFile(this.recordPath(id), JSON.stringify(record), { flush: true });
      return { id, ...record };
    } catch (err) {
      await rm(folder, { recursive: true, force: true });
      await rm(this.recordPath(id), { force: true });
      throw err;
    }
  }

  /** The staged file's path, or a clear error when the id is unknown (or not an id at all). The folder is
   * listed off the event loop, as every other file operation of a drop. */
  async path(id: string): Promise<string> {
    checkId(id);
    let entries: string[];
    try {
      entries = await readdir(join(this.dir, id));
    } catch {
      throw gone();
    }
    const file = entries[0];
    if (!file) throw gone();
    return join(this.dir, id, file);
  }

  /**
   * Hands the staged file over to `intoDir` (the outbox's uploads folder): its folder is renamed
   * there, so the bytes are neither copied nor read again, and it comes with the size and SHA-256
   * measured when it was staged. The id is no longer staged afterwards, unless `putBack` is called.
   * Every file operation runs off the event loop (under load each cost core's thread 1–3 ms).
   */
  async take(id: string, intoDir: string): Promise<FileHandover> {
    const record = await this.record(id);
    // the record names the file (its folder holds that file only), so the folder is not listed
    const path = join(this.dir, id, record.name);
    const st = await stat(path).catch(() => {
      throw gone();
    });
    if (st.size !== record.size) throw gone();
    const folder = join(this.dir, id);
    const moved = join(intoDir, id);
    await mkdir(intoDir, { recursive: true });
    // a second take of the same id (two uploads at once) finds the folder gone
    await rename(folder, moved).catch(() => {
      throw gone();
    });
    await rm(this.recordPath(id), { force: true });
    return {
      file: { name: record.name, size: record.size, sha256: record.sha256, path: join(moved, basename(path)) },
      putBack: () => {
        renameSync(moved, folder);
        writeFileSync(this.recordPath(id), JSON.stringify(record), { flush: true });
      },
    };
  }

  /** Removes staged files (and their records) older than maxAgeMs: abandoned, since a queued one has been taken over. */
  sweep(maxAgeMs: number, now = Date.now()): number {
    let removed = 0;
    for (const entry of readdirSync(this.dir)) {
      const path = join(this.dir, entry);
      try {
        if (now - statSync(path).mtimeMs > maxAgeMs) {
          rmSync(path, { recursive: true, force: true });
          if (!entry.endsWith('.json')) removed++;
        }
      } catch {
        // already gone
      }
    }
    return removed;
  }

  private recordPath(id: string): string {
    return join(this.dir, `${id}.json`);
  }

  private async record(id: string): Promise<StagedRecord> {
    checkId(id);
    try {
      return JSON.parse(await readFile(this.recordPath(id), 'utf8')) as StagedRecord;
    } catch {
      throw gone();
    }
  }
}

/** A file being received by StagingArea.receive. */
export interface IncomingFile {
  readonly id: string;
  readonly name: string;
  /** The size it announced. */
  readonly size: number;
  /** Bytes accepted so far. */
  readonly received: number;
  /** Appends the next piece; settles once it is on disk. Refuses (and removes the part) more bytes than
   * announced, or a start that is neither PDF nor DOCX. */
  write(piece: Uint8Array): Promise<void>;
  /** Once every announced byte has arrived: checks the content, records it and returns it as staged. */
  finish(): Promise<StagedFile>;
  /** Drops the part (a socket closed mid-file, a piece refused); safe to call more than once. */
  abort(): Promise<void>;
}

/** The bytes the content checks read without the whole file: the start (format) and the end (PDF marker). */
const HEAD_BYTES = 1024;
const TAIL_BYTES = 4096;

interface PartSteps {
  check(format: IntakeFormat, tail: Buffer): Promise<void>;
  record(record: StagedRecord): Promise<void>;
  remove(): Promise<void>;
}

class PartFile implements IncomingFile {
  received = 0;
  private readonly hash = createHash('sha256');
  private head: Buffer = Buffer.alloc(0);
  private tail: Buffer = Buffer.alloc(0);
  private format: IntakeFormat | null = null;
  /** Disk writes in order, each off the event loop. */
  private writing: Promise<unknown> = Promise.resolve();
  private state: 'open' | 'finishing' | 'done' | 'dropped' = 'open';
  /** Why the part was refused, repeated to any piece that comes after. */
  private refusal: DeskError | null = null;
  /** abort() came while finish() was checking: finish removes the file instead of recording it. */
  private abandoned = false;

  constructor(
    readonly id: string,
    readonly name: string,
    readonly size: number,
    private readonly path: string,
    private readonly fh: FileHandle,
    private readonly steps: PartSteps,
  ) {}

  async write(piece: Uint8Array): Promise<void> {
    if (this.refusal) throw this.refusal;
    if (this.state !== 'open') throw new DeskError('invalid_input', `“${this.name}” is no longer being received.`);
    if (this.received + piece.length > this.size) {
      this.refusal = new DeskError(
        'invalid_input',
        `More bytes arrived for “${this.name}” than the ${this.size} it announced; nothing was kept.`,
      );
      await this.abort();
      throw this.refusal;
    }
    const bytes = Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
    const at = this.received;
    this.received += bytes.length;
    this.hash.update(bytes);
    if (this.head.length < HEAD_BYTES) this.head = Buffer.concat([this.head, bytes.subarray(0, HEAD_BYTES - this.head.length)]);
    this.tail =
      bytes.length >= TAIL_BYTES ? bytes.subarray(bytes.length - TAIL_BYTES) : Buffer.concat([this.tail, bytes]).subarray(-TAIL_BYTES);
    if (this.format === null && (this.head.length >= HEAD_BYTES || this.received === this.size)) {
      try {
        this.format = sniffFormat(this.head);
      } catch (err) {
        this.refusal = err as DeskError;
        await this.abort();
        throw err;
      }
    }
    const written = this.writing.then(() => this.fh.write(bytes, 0, bytes.length, at));
    this.writing = written.catch(() => undefined);
    try {
      await written;
    } catch (err) {
      await this.abort();
      throw err;
    }
  }

  async finish(): Promise<StagedFile> {
    if (this.state !== 'open') throw new DeskError('invalid_input', `“${this.name}” is no longer being received.`);
    if (this.received !== this.size) {
      await this.abort();
      throw new DeskError('invalid_input', `“${this.name}” stopped after ${this.received} of ${this.size} bytes; nothing was kept.`);
    }
    this.state = 'finishing';
    try {
      await this.writing;
      await this.fh.sync();
      await this.fh.close();
      await this.steps.check(this.format!, Buffer.from(this.tail));
      if (this.abandoned) throw new DeskError('cancelled', `“${this.name}” was abandoned before it was staged.`);
      const record: StagedRecord = { name: basename(this.path), size: this.size, format: this.format!, sha256: this.hash.digest('hex') };
      await this.steps.record(record);
      if (this.abandoned) throw new DeskError('cancelled', `“${this.name}” was abandoned before it was staged.`);
      this.state = 'done';
      return { id: this.id, ...record };
    } catch (err) {
      this.state = 'open';
      await this.abort();
      throw err;
    }
  }

  async abort(): Promise<void> {
    if (this.state === 'finishing') this.abandoned = true;
    if (this.state !== 'open') return;
    this.state = 'dropped';
    await this.writing;
    await this.fh.close().catch(() => undefined);
    await this.steps.remove();
  }
}

/** The file's SHA-256, read in 64 KB slices so a large manuscript never holds the main thread for long. */
async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path, { highWaterMark: 64 * 1024 }), hash);
  return hash.digest('hex');
}

/** The one rule for the name a staged manuscript gets on disk (kept when the outbox takes it over). */
export function safeName(name: string): string {
  const base = basename(name.replace(/\\/g, '/'))
    .replace(/[<>:"|?*]/g, '_')
    .replace(/[\s\S]/g, (c) => (c < ' ' ? '_' : c))
    .trim();
  return (base === '' || base === '.' || base === '..' ? 'manuscript' : base).slice(0, 200);
}

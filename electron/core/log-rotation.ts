// The log file: lines are queued and written by one asynchronous writer (never a synchronous write
// per line on the main thread), and the file is rotated by size: desk.log → desk.1.log → … →
// desk.<keep>.log, the oldest dropped (5 × 5 MB by default, like Joplin's and VS Code's rotating logs).
// Lines arrive already redacted (RedactingLogger redacts before its sink). The last warnings and errors
// are kept in memory for Help → Copy diagnostics.
import { mkdirSync } from 'node:fs';
import { appendFile, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, parse } from 'node:path';

export interface RotationOptions {
  maxBytes?: number;
  /** Rotated files kept besides the current one. */
  keep?: number;
  /** Lines held in memory while the disk is slow; beyond it the oldest are dropped and counted. */
  maxQueuedLines?: number;
}

export class RotatingLogFile {
  readonly maxBytes: number;
  readonly keep: number;
  private readonly maxQueued: number;
  private queue: string[] = [];
  private size: number | null = null;
  private writing: Promise<void> | null = null;
  private dropped = 0;
  private readonly problems: string[] = [];

  constructor(
    readonly file: string,
    opts: RotationOptions = {},
  ) {
    this.maxBytes = opts.maxBytes ?? 5 * 1024 * 1024;
    this.keep = opts.keep ?? 4;
    this.maxQueued = opts.maxQueuedLines ?? 10_000;
    mkdirSync(dirname(file), { recursive: true });
  }

  /** Queues one line; returns at once. */
  write(line: string): void {
    if (this.queue.length >= this.maxQueued) {
      this.queue.shift();
      this.dropped++;
    }
    this.queue.push(line.endsWith('\n') ? line : line + '\n');
    if (/"level":"(warn|error)"/.test(line)) {
      this.problems.push(line.trimEnd());
      if (this.problems.length > 10) this.problems.shift();
    }
    this.kick();
  }

  private kick(): void {
    if (this.writing || this.queue.length === 0) return;
    this.writing = this.drain().finally(() => {
      this.writing = null;
      this.kick();
    });
  }

  /** Resolves once every line queued so far is on disk. */
  async flush(): Promise<void> {
    while (this.writing) await this.writing;
  }

  /** The last warnings and errors (already redacted), oldest first. */
  recentProblems(): string[] {
    return [...this.problems];
  }

  /** The current file and the rotated ones, newest first (for the logs folder and tests). */
  files(): string[] {
    const { dir, name, ext } = parse(this.file);
    return [this.file, ...Array.from({ length: this.keep }, (_, i) => join(dir, `${name}.${i + 1}${ext}`))];
  }

  private async drain(): Promise<void> {
    if (this.size === null)
      this.size = await stat(this.file).then(
        (s) => s.size,
        () => 0,
      );
    while (this.queue.length > 0) {
      let chunk = '';
      if (this.dropped > 0) {
        chunk +=
          JSON.stringify({
            t: new Date().toISOString(),
            level: 'warn',
            message: `${this.dropped} log lines dropped: the disk did not keep up`,
          }) + '\n';
        this.dropped = 0;
      }
      // Batch lines up to the room left in the current file (at least one line per file).
      while (this.queue.length > 0) {
        const next = this.queue[0]!;
        const bytes = Buffer.byteLength(next);
        if (chunk.length > 0 && this.size + Buffer.byteLength(chunk) + bytes > this.maxBytes) break;
        if (chunk.length === 0 && this.size > 0 && this.size + bytes > this.maxBytes) break;
        chunk += this.queue.shift();
      }
      if (chunk.length === 0) {
        if (this.queue.length === 0) break;
        await this.rotate();
        continue;
      }
      try {
        await appendFile(this.file, chunk);
        this.size += Buffer.byteLength(chunk);
      } catch (err) {
        // A log that cannot be written must not take the app down; say so once on stderr.
        process.stderr.write(`Referee Desk: cannot write the log file (${(err as Error).message})\n`);
        this.queue = [];
        return;
      }
    }
  }

  private async rotate(): Promise<void> {
    const files = this.files();
    await rm(files[files.length - 1]!, { force: true });
    for (let i = files.length - 2; i >= 0; i--) {
      await rename(files[i]!, files[i + 1]!).catch(() => undefined);
    }
    this.size = 0;
  }
}

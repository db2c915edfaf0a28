import { mkdtempSync, readFileSync, existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RotatingLogFile } from '../../../electron/core/log-rotation';
import { fileLogger } from '../../../electron/core/logging';

const dir = () => mkdtempSync(join(tmpdir(), 'desk-log-'));

describe('rotating log file', () => {
  it('write() returns before the line is on disk; flush() waits for it', async () => {
    const file = join(dir(), 'logs', 'desk.log');
    const out = new RotatingLogFile(file);
    out.write('{"level":"info","message":"one"}');
    expect(existsSync(file)).toBe(false);
    await out.flush();
    expect(readFileSync(file, 'utf8')).toBe('{"level":"info","message":"one"}\n');
  });

  it('rotates by size and keeps only the configured number of files, newest lines in desk.log', async () => {
    const d = dir();
    const out = new RotatingLogFile(join(d, 'desk.log'), { maxBytes: 1000, keep: 4 });
    for (let i = 0; i < 200; i++) out.write(JSON.stringify({ level: 'info', i, pad: 'x'.repeat(60) }));
    await out.flush();
    expect(readdirSync(d).sort()).toEqual(['desk.1.log', 'desk.2.log', 'desk.3.log', 'desk.4.log', 'desk.log']);
    for (const f of out.files()) expect(readFileSync(f).length).toBeLessThanOrEqual(1000);
    const last = readFileSync(join(d, 'desk.log'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l).i as number);
    expect(last.at(-1)).toBe(199);
    const previous = readFileSync(join(d, 'desk.1.log'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l).i as number);
    expect(previous.at(-1)! + 1).toBe(last[0]);
  });

  it('keeps the last warnings and errors for diagnostics, redacted by the logger first', async () => {
    const out = new RotatingLogFile(join(dir(), 'desk.log'));
    const logger = fileLogger(out.file, false, out);
    logger.addSecret('sk-live-SECRET-123456');
    logger.log('info', 'fine');
    logger.log('error', 'request failed with key sk-live-SECRET-123456');
    await out.flush();
    expect(out.recentProblems()).toHaveLength(1);
    expect(out.recentProblems()[0]).toContain('[redacted]');
    expect(readFileSync(out.file, 'utf8')).not.toContain('sk-live-SECRET');
  });

  it('drops the oldest lines (and says how many) when the disk does not keep up', async () => {
    const out = new RotatingLogFile(join(dir(), 'desk.log'), { maxQueuedLines: 5 });
    for (let i = 0; i < 50; i++) out.write(JSON.stringify({ level: 'info', i }));
    await out.flush();
    const lines = readFileSync(out.file, 'utf8').trim().split('\n');
    expect(lines.length).toBeLessThan(50);
    expect(lines.some((l) => /log lines dropped/.test(l))).toBe(true);
    expect(JSON.parse(lines.at(-1)!).i).toBe(49);
  });
});

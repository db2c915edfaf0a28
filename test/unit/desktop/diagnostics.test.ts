import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openCache } from '../../../electron/core/cache/open';
import { cacheFigures, formatDiagnostics, scrubSecrets, type DiagnosticsInput } from '../../../electron/core/diagnostics';
import { RedactingLogger } from '../../../electron/core/logging';

const input = (over: Partial<DiagnosticsInput> = {}): DiagnosticsInput => ({
  appName: 'Referee Desk',
  appVersion: '0.1.0',
  electron: '45.4.1',
  chrome: '140.0',
  node: '22.0.0',
  os: 'Linux 6.8',
  arch: 'x64',
  dataDir: '/home/ed/.config/Referee Desk',
  logsDir: '/home/ed/.config/Referee Desk/logs',
  cacheBytes: 3 * 1024 * 1024,
  counts: { manuscripts: 12, candidates: 3400 },
  outbox: { queued: 2, parked: 1 },
  connectivity: 'online',
  keyStorage: 'keychain',
  updates: 'on, checked 10:02',
  recentProblems: [],
  lastCrash: null,
  ...over,
});

describe('diagnostics', () => {
  it('gives version, system, data folder, cache size and counts, outbox counts, problems and last crash', () => {
    const text = formatDiagnostics(
      input({ recentProblems: ['{"level":"error","message":"boom"}'], lastCrash: 'renderer crashed (oom) at 2026-11-23T10:00:00Z' }),
    );
    for (const part of [
      'Referee Desk 0.1.0',
      'Electron 45.4.1',
      'Linux 6.8 (x64)',
      'Data folder: /home/ed/.config/Referee Desk',
      'Cache: 3.0 MB; manuscripts 12, candidates 3400',
      'Outbox: queued 2, parked 1',
      'boom',
      'renderer crashed (oom)',
    ]) {
      expect(text).toContain(part);
    }
  });

  it('never carries a key, token, password or webhook credential, even when a logged problem does', () => {
    const key = 'rk_live_9f8e7d6c5b4a3210';
    const logger = new RedactingLogger(() => undefined);
    logger.addSecret(key);
    const problems = [
      `{"level":"error","message":"401 with ${key}"}`,
      '{"level":"warn","message":"Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.payload.sig"}',
      '{"level":"warn","message":"webhook at http://desk:hunter2pass@192.168.1.4:8123/hook/AbCdEfGhIjKlMnOp"}',
      '{"level":"warn","message":"config","password":"hunter2pass","x-api-key":"abc123456"}',
    ];
    const text = formatDiagnostics(input({ recentProblems: problems }), (s) => logger.redact(s));
    for (const secret of [key, 'eyJhbGciOiJIUzI1NiJ9', 'hunter2pass', 'AbCdEfGhIjKlMnOp', 'abc123456']) expect(text).not.toContain(secret);
    expect(text).toContain('401 with [redacted]');
  });

  it('scrubs only what looks like a secret', () => {
    expect(scrubSecrets('token=abc123 and plain words')).toBe('token=[redacted] and plain words');
    expect(scrubSecrets('Cache: 3.0 MB')).toBe('Cache: 3.0 MB');
  });

  it('reads counts and the outbox by state from a real cache', () => {
    const cache = openCache({
      file: join(mkdtempSync(join(tmpdir(), 'desk-diag-')), 'cache.db'),
      clock: { now: () => 1 },
      logger: { log: () => undefined },
    });
    try {
      const f = cacheFigures(cache);
      expect(f.counts).toMatchObject({ profiles: 0, manuscripts: 0, candidates: 0 });
      expect(f.outbox).toEqual({});
      expect(f.cacheBytes).toBeGreaterThan(0);
    } finally {
      cache.close();
    }
  });
});

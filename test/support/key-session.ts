// The set-up of the key-leak tests (test/integration/key-leak*.test.ts): core with a file logger that redacts the keys
// it is told, beside a local service, every payload to the window kept for scanning, and the diagnostics text as the
// app writes it.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Envelope } from '../../electron/common/contract';
import { createCore, type Core } from '../../electron/core/composition';
import { cacheFigures, formatDiagnostics } from '../../electron/core/diagnostics';
import { RotatingLogFile } from '../../electron/core/log-rotation';
import { fileLogger, type RedactingLogger } from '../../electron/core/logging';
import { startSandbox, type RunningSandbox } from '../../electron/localservice';
import { callerOf } from './core-with-service';
import { MemorySecrets } from './fakes';
import { SMALL_CORPUS } from './web-app';

export interface KeySession {
  core: Core;
  service: RunningSandbox;
  dataDir: string;
  logFile: string;
  logOut: RotatingLogFile;
  logger: RedactingLogger;
  /** Every envelope of `handle`/`call` and every event core sent, as JSON: what the window would see. */
  payloads: string[];
  /** A channel through the router, its envelope kept in `payloads`. */
  handle(channel: string, input: unknown): Promise<Envelope<unknown>>;
  /** The value of a channel (kept in `payloads`); a refusal throws with its message. */
  call<T>(channel: string, input: unknown): Promise<T>;
  /** The diagnostics text of this session, redacted by its logger. */
  diagnostics(recentProblems: string[], lastCrash: string | null): string;
  close(): Promise<void>;
}

/** Starts a local service and a core on a new data folder `desk-<prefix>-…` (the service's own beside it). */
export async function startKeySession(prefix: string): Promise<KeySession> {
  const dataDir = mkdtempSync(join(tmpdir(), `desk-${prefix}-`));
  const logFile = join(dataDir, 'logs', 'desk.log');
  const service = await startSandbox({
    dataDir: join(mkdtempSync(join(tmpdir(), `desk-${prefix}-sb-`)), 'service'),
    port: 0,
    config: SMALL_CORPUS,
  });
  const logOut = new RotatingLogFile(logFile);
  const logger = fileLogger(logFile, false, logOut);
  const core = await createCore({
    appVersion: 'test',
    dataDir,
    host: 'electron',
    secrets: new MemorySecrets(),
    logger,
    registerSecret: (s) => logger.addSecret(s),
  });
  const payloads: string[] = [];
  core.events.onAny((event, payload) => payloads.push(JSON.stringify({ event, payload })));
  const handle = async (channel: string, input: unknown) => {
    const env = await core.router.handle(channel, input, { transport: 'test' });
    payloads.push(JSON.stringify(env));
    return env;
  };
  return {
    core,
    service,
    dataDir,
    logFile,
    logOut,
    logger,
    payloads,
    handle,
    call: callerOf(handle),
    diagnostics: (recentProblems, lastCrash) =>
      formatDiagnostics(
        {
          appName: 'Referee Desk',
          appVersion: 'test',
          electron: null,
          chrome: null,
          node: process.versions.node,
          os: 'test',
          arch: process.arch,
          dataDir,
          logsDir: join(dataDir, 'logs'),
          ...cacheFigures(core.cache),
          connectivity: 'online',
          keyStorage: 'session',
          updates: 'off',
          recentProblems,
          lastCrash,
        },
        (t) => logger.redact(t),
      ),
    async close() {
      await core.close();
      await service.close();
    },
  };
}

/** The last `n` lines of the log file. */
export const lastLogLines = (s: KeySession, n: number) => readFileSync(s.logFile, 'utf8').trim().split('\n').slice(-n);

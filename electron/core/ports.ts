// What core needs from its host (Electron main, the browser host, or a test). Each host passes
// its own implementations to createCore() in composition.ts; core never reaches for globals.

/** OS keychain access. Implementations: @napi-rs/keyring (Node and Electron), an in-memory store
 * for the session when no Secret Service exists, and fakes in tests. */
export interface SecretStore {
  /** 'keychain' when secrets survive a restart; 'session' when they are only kept in memory. */
  readonly persistence: 'keychain' | 'session';
  get(account: string): Promise<string | null>;
  set(account: string, secret: string): Promise<void>;
  delete(account: string): Promise<void>;
}

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/** Structured log sink. Callers never pass secrets; the logger still redacts known ones. */
export interface Logger {
  log(level: LogLevel, message: string, fields?: Record<string, unknown>): void;
}

export interface Clock {
  /** Wall time (ms since the epoch): for what is shown and stored as a date. It can jump (NTP, the editor). */
  now(): number;
  /** Monotonic time in ms from an arbitrary origin (performance.now): never goes back; for delays.
   * Absent in simple fakes, where now() serves for both. */
  monotonic?(): number;
}

export const systemClock: Clock = { now: () => Date.now(), monotonic: () => performance.now() };

/**
 * Epoch-ms time that advances with the monotonic clock: read from the wall clock once, then immune to
 * the wall clock being set back or forward. Retry delays are computed and compared on this timeline,
 * so a clock moved back an hour does not move a 2 s retry to an hour later.
 */
export function steadyClock(clock: Clock): Clock {
  const monotonic = clock.monotonic?.bind(clock);
  if (!monotonic) return clock;
  const wall0 = clock.now();
  const mono0 = monotonic();
  // Whole milliseconds: due times are stored in INTEGER columns.
  return { now: () => Math.round(wall0 + (monotonic() - mono0)), monotonic };
}

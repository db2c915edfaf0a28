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
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

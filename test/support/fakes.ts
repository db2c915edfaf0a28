import type { Logger, LogLevel, SecretStore } from '../../electron/core/ports';

export class MemorySecrets implements SecretStore {
  readonly persistence = 'session' as const;
  readonly map = new Map<string, string>();
  async get(account: string) {
    return this.map.get(account) ?? null;
  }
  async set(account: string, secret: string) {
    this.map.set(account, secret);
  }
  async delete(account: string) {
    this.map.delete(account);
  }
}

export class MemoryLogger implements Logger {
  readonly lines: Array<{ level: LogLevel; message: string; fields?: Record<string, unknown> }> = [];
  log(level: LogLevel, message: string, fields?: Record<string, unknown>): void {
    this.lines.push(fields === undefined ? { level, message } : { level, message, fields });
  }
  text(): string {
    return this.lines.map((l) => JSON.stringify(l)).join('\n');
  }
}

import { RotatingLogFile } from './log-rotation';
import type { LogLevel, Logger } from './ports';

/** A logger that writes JSON lines and redacts every secret it has been told about, wherever it
 * appears in the message or the fields. The API key is registered here the moment core reads it. */
export class RedactingLogger implements Logger {
  private readonly secrets = new Set<string>();

  constructor(private readonly sink: (line: string) => void) {}

  addSecret(secret: string): void {
    if (secret.length >= 4) this.secrets.add(secret);
  }

  redact(text: string): string {
    let out = text;
    for (const s of this.secrets) out = out.split(s).join('[redacted]');
    return out;
  }

  log(level: LogLevel, message: string, fields?: Record<string, unknown>): void {
    const line = JSON.stringify({ t: new Date().toISOString(), level, message, ...fields });
    this.sink(this.redact(line));
  }
}

/** Writes to a rotating file (asynchronously, see log-rotation.ts) and optionally echoes to stderr. */
export function fileLogger(file: string, echo = false, out: RotatingLogFile = new RotatingLogFile(file)): RedactingLogger {
  return new RedactingLogger((line) => {
    out.write(line);
    if (echo) process.stderr.write(line + '\n');
  });
}

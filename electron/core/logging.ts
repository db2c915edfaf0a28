import { redact } from './api/redact';
import { RotatingLogFile } from './log-rotation';
import type { LogLevel, Logger } from './ports';

/** A logger that writes JSON lines and redacts every secret it has been told about, in any encoding,
 * wherever it appears in the message or the fields. The API key is registered here the moment core reads it. */
export class RedactingLogger implements Logger {
  private readonly secrets = new Set<string>();

  constructor(private readonly sink: (line: string) => void) {}

  addSecret(secret: string): void {
    if (secret.length >= 4) this.secrets.add(secret);
  }

  /** Every form of every secret (any case, escaped for URLs, JSON, HTML or quoted-printable, reversed, spaced,
   * hex, base32, base64 of its UTF-8 or UTF-16 bytes): see api/redact. */
  redact(text: string): string {
    return redact(text, this.secrets);
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

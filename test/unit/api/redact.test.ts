// Redaction finds the API key in every encoding a client, a proxy or a service may write it in.
import { describe, expect, it } from 'vitest';
import { containsSecret, redact, secretForms } from '../../../electron/core/api/redact';
import { RedactingLogger } from '../../../electron/core/logging';

const KEY = 'sk-live-7f3a9c2e81d44b0e9a55';
const ODD = 'k3y+with/odd chars&"é';

/** The encodings a test can think of, each inside some text. */
function encodings(key: string): Record<string, string> {
  const b = Buffer.from(key);
  return {
    raw: `key ${key} refused`,
    url: `?api_key=${encodeURIComponent(key)}&x=1`,
    form: `api_key=${new URLSearchParams({ k: key }).toString().slice(2)}`,
    json: JSON.stringify({ echo: key }),
    hex: `dump ${b.toString('hex')}`,
    HEX: `DUMP ${b.toString('hex').toUpperCase()}`,
    base64: `echo ${b.toString('base64')}`,
    base64url: `echo ${b.toString('base64url')}`,
    basicAuth: `Authorization: Basic ${Buffer.from(`editor:${key}`).toString('base64')}`,
    shifted1: Buffer.from(`x${key}tail`).toString('base64'),
    shifted2: Buffer.from(`xy${key}tail`).toString('base64url'),
  };
}

describe('redact', () => {
  for (const key of [KEY, ODD]) {
    it(`removes ${JSON.stringify(key)} in every encoding`, () => {
      for (const [name, text] of Object.entries(encodings(key))) {
        expect(containsSecret(text, [key]), name).toBe(true);
        const clean = redact(text, [key]);
        expect(clean, name).toContain('[redacted]');
        expect(containsSecret(clean, [key]), `${name}: ${clean}`).toBe(false);
      }
    });
  }

  it('leaves other text alone and ignores secrets shorter than 4 characters', () => {
    expect(redact('nothing secret here, base64 aGVsbG8gd29ybGQ=', [KEY])).toBe('nothing secret here, base64 aGVsbG8gd29ybGQ=');
    expect(redact('abc abc', ['abc'])).toBe('abc abc');
    expect(secretForms('abcd')).toContain('abcd');
  });

  it('the logger redacts the same forms from its lines', () => {
    const lines: string[] = [];
    const logger = new RedactingLogger((l) => lines.push(l));
    logger.addSecret(KEY);
    for (const text of Object.values(encodings(KEY))) logger.log('warn', 'service said', { error: text });
    expect(lines).toHaveLength(Object.keys(encodings(KEY)).length);
    for (const l of lines) expect(containsSecret(l, [KEY]), l).toBe(false);
  });
});

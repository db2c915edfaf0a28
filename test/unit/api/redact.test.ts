// Redaction finds the API key in every encoding a client, a proxy or a service may write it in, in text
// and inside the strings of a parsed answer. The encodings come from test/support/key-encodings.ts,
// written independently of the redactor, and the scan after redaction looks for them literally.
import { describe, expect, it } from 'vitest';
import { decodeAnswer } from '../../../electron/core/api/answer';
import { containsSecret, redact, redactValue } from '../../../electron/core/api/redact';
import { RedactingLogger } from '../../../electron/core/logging';
import { formatDiagnostics } from '../../../electron/core/diagnostics';
import { encodingsIn, keyEncodings } from '../../support/key-encodings';
import { z } from 'zod';

const KEY = 'sk-live-7f3a9c2e81d44b0e9a55';
const ODD = 'k3y+with/odd chars&"é';

/** Each encoding of `key` inside some text, the way services and proxies quote it. */
function quoted(key: string): Record<string, string> {
  return Object.fromEntries(Object.entries(keyEncodings(key)).map(([name, form]) => [name, `refused: "${form}" (see docs)`]));
}

describe('redact', () => {
  for (const key of [KEY, ODD]) {
    it(`removes ${JSON.stringify(key)} in each of ${Object.keys(keyEncodings(key)).length} encodings`, () => {
      expect(Object.keys(keyEncodings(key)).length).toBeGreaterThanOrEqual(18);
      for (const [name, text] of Object.entries(quoted(key))) {
        expect(encodingsIn(text, [key]), name).not.toEqual([]);
        expect(containsSecret(text, [key]), name).toBe(true);
        const clean = redact(text, [key]);
        expect(clean, name).toContain('[redacted]');
        expect(clean, name).toMatch(/^refused: "/);
        expect(encodingsIn(clean, [key]), `${name}: ${clean}`).toEqual([]);
        expect(containsSecret(clean, [key]), `${name}: ${clean}`).toBe(false);
      }
    });
  }

  it('finds the key inside longer encoded texts and with escapes of different kinds mixed', () => {
    const b = (s: string) => Buffer.from(s).toString('base64');
    for (const text of [
      `Authorization: Basic ${b(`editor:${KEY}`)}`,
      b(`x${KEY}tail`),
      Buffer.from(`xy${KEY}tail`).toString('base64url'),
      Buffer.from(`z${KEY}`, 'utf16le').toString('base64'),
      `sk-live-7f3a%39c2e81d&#52;4b0e\\u0039a55`,
      `=73=6B=2D=6C=69=\r\n=76=65${KEY.slice(7)}`,
    ]) {
      expect(redact(text, [KEY]), text).toContain('[redacted]');
      expect(containsSecret(redact(text, [KEY]), [KEY]), text).toBe(false);
    }
  });

  it('a text that holds only the end of the key (what the quick search looks for character-wise) is left as it is', () => {
    const tail = KEY.slice(-8);
    for (const text of [`id ${tail}`, `id ${[...tail].map((c) => `&#${c.codePointAt(0)};`).join('')}`, `${KEY.slice(0, 8)}-${tail}`]) {
      expect(redact(text, [KEY]), text).toBe(text);
      expect(containsSecret(text, [KEY]), text).toBe(false);
    }
    // the whole key, its start and its end escaped differently, is found
    const start = [...KEY.slice(0, -8)].map((c) => `%${c.charCodeAt(0).toString(16)}`).join('');
    const end = [...tail].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
    expect(redact(`x ${start}${end} y`, [KEY])).toBe('x [redacted] y');
  });

  it('leaves other text alone and ignores secrets shorter than 4 characters', () => {
    const plain = 'nothing secret here, base64 aGVsbG8gd29ybGQ= s k - l i v e, %7E &amp; =3D \\u0041';
    expect(redact(plain, [KEY])).toBe(plain);
    expect(redact('abc abc', ['abc'])).toBe('abc abc');
  });

  it('redacts the strings and keys of a parsed answer, any depth, whatever the JSON escapes hid', () => {
    const forms = Object.values(keyEncodings(KEY));
    const depth = 3_000;
    const deep = `${'['.repeat(depth)}{"leaf":"${forms[6]}"}${']'.repeat(depth)}`;
    // JSON text in which the key only appears once the \u escapes are decoded: a second layer (URL,
    // HTML, quoted-printable) is written with its escape characters themselves \u-escaped.
    const layered = (s: string) => [...s].map((c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0')).join('');
    const text =
      `{"candidates":[${forms.map((f) => `{"name":"${layered(f)}","affiliation":"Univ ${JSON.stringify(f).slice(1, -1)}"}`).join(',')}],` +
      `"${layered(encodeURIComponent(KEY))}":1,"deep":${deep}}`;
    expect(redact(text, [KEY])).not.toBe(text);
    const value = redactValue(JSON.parse(text) as unknown, [KEY]);
    const out = JSON.stringify(value);
    expect(encodingsIn(out, [KEY])).toEqual([]);
    expect(out).toContain('"[redacted]":1');
    expect((value as { candidates: Array<{ affiliation: string }> }).candidates[0]!.affiliation).toBe('Univ [redacted]');
    // the same through the decoding of a service's answer
    const schema = z.object({ candidates: z.array(z.object({ name: z.string() })) });
    const d = decodeAnswer(schema, text, 'application/json', 'listing candidates', [KEY]);
    if (!d.ok) throw new Error(d.message);
    expect(encodingsIn(JSON.stringify(d.value) + JSON.stringify(d.raw), [KEY])).toEqual([]);
    for (const c of d.value.candidates) expect(c.name).toContain('[redacted]');
  });

  it('the logger and the diagnostics redact the same forms', () => {
    const lines: string[] = [];
    const logger = new RedactingLogger((l) => lines.push(l));
    logger.addSecret(KEY);
    const texts = Object.values(quoted(KEY));
    for (const text of texts) logger.log('warn', 'service said', { error: text, [`k ${text}`]: 1 });
    expect(lines).toHaveLength(texts.length);
    for (const l of lines) expect(encodingsIn(l, [KEY]), l).toEqual([]);
    const diagnostics = formatDiagnostics(
      {
        appName: 'Referee Desk',
        appVersion: 'test',
        electron: null,
        chrome: null,
        node: 'v22',
        os: 'test',
        arch: 'x64',
        dataDir: `/data/${encodeURIComponent(KEY)}`,
        logsDir: '/data/logs',
        cacheBytes: 0,
        counts: {},
        outbox: {},
        connectivity: 'online',
        keyStorage: 'session',
        updates: 'off',
        recentProblems: texts,
        lastCrash: keyEncodings(KEY).percentFullUpper ?? null,
      },
      (t) => logger.redact(t),
    );
    expect(diagnostics).toContain('Last problems:');
    expect(encodingsIn(diagnostics, [KEY]), diagnostics).toEqual([]);
  });
});

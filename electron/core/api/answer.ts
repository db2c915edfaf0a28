// Reading a 2xx answer of the service: a web page, text that is not JSON, cut-off JSON and the wrong shape
// each get their message in the editor's words. Pure (no undici, no I/O), so that the client runs it on
// core's thread and the run writer runs it on its own for upload answers (cache/upload-answer.ts).
// Every string of the parsed body (object keys included) is redacted before the schema reads it: a key
// written with JSON's \u escapes, or encoded once more inside a string, only shows once decoded.
import type { z } from 'zod';
import { redactValue } from './redact';

/** A 2xx answer read: its value (what the schema gives) beside the body parsed as JSON, or why it cannot be used. */
export type Decoded<T> = { ok: true; value: T; raw: unknown } | { ok: false; message: string };

/** zod issue → "field: problem" for messages. */
export function firstIssue(error: z.ZodError): { field: string; message: string } {
  const issue = error.issues[0];
  const field = issue?.path.map(String).join('.') ?? '';
  return { field, message: issue?.message ?? 'invalid' };
}

/** The body as JSON: null for an empty body, undefined when it is not JSON. */
export function tryJson(text: string): unknown {
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The body as JSON with every form of `keys` redacted from its strings: null for an empty body, undefined when it is not JSON. */
export function tryJsonRedacted(text: string, keys: Iterable<string>): unknown {
  const value = tryJson(text);
  return value === undefined ? undefined : redactValue(value, keys);
}

/** `label` names the operation in messages ("uploading the manuscript"); `keys` are redacted from the parsed body. */
export function decodeAnswer<T>(
  schema: z.ZodType<T>,
  text: string,
  contentType: string | undefined,
  label: string,
  keys: Iterable<string> = [],
): Decoded<T> {
  if (/text\/html|application\/xhtml/i.test(contentType ?? '') || /^\s*</.test(text)) {
    return {
      ok: false,
      message:
        `The service answered ${label} with a web page instead of data — perhaps a login page of a ` +
        `proxy, or the address is wrong. Check the profile's address.`,
    };
  }
  const raw = tryJsonRedacted(text, keys);
  if (raw === undefined) {
    return {
      ok: false,
      message: /^\s*[[{]/.test(text)
        ? `The service's answer to ${label} was cut off (incomplete JSON).`
        : `The service answered ${label} with something that is not JSON.`,
    };
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const { field, message } = firstIssue(parsed.error);
    return {
      ok: false,
      message: `The service's answer to ${label} does not have the expected shape${field ? ` at ${field}` : ''}: ${message}.`,
    };
  }
  return { ok: true, value: parsed.data, raw };
}

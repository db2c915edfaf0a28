// The wording table: each sentence core writes about the service or a process reaches the window in the editor's words,
// with no address, port, exit code, HTTP status or field name; the original is kept for "Details". The messages are
// made by core's own builders (and the supervisor's sentences as it writes them), so a reworded core message that
// no rule matches any more fails here.
import { describe, expect, it } from 'vitest';
import { editorMessage, inEditorWords, SERVICE_WORDING, syncOutcome } from '../../../electron/common/domain/wording';
import { statusFailure, transportFailure } from '../../../electron/core/api/errors';
import { decodeAnswer } from '../../../electron/core/api/answer';
import { z } from 'zod';

const TECHNICAL =
  /\d+\.\d+\.\d+\.\d+|:\d{2,5}\b|exit code|HTTP|\b(?:40[134]|5\d\d)\b|ECONN|connection refused|field \w+|profile's address|JSON/;

const host = '127.0.0.1:43275';
const transport = (code: string, phase: 'request' | 'body' = 'request') =>
  transportFailure(Object.assign(new Error('x'), { code }), host, 'uploadManuscript', phase).error.message;
const status = (code: number, body: unknown = {}) => statusFailure(code, body, undefined, 0, 'uploadManuscript', 'Demo', {}).error.message;

const CORE_MESSAGES: Record<string, string> = {
  'demo stopped': 'The local demo service stopped unexpectedly (exit code 0).',
  'demo not restarted': 'The local demo service stopped and could not be restarted: it stopped while starting (exit code 1).',
  'demo did not start': 'The local demo service could not start: it did not answer within 120 s',
  refused: transport('ECONNREFUSED'),
  'host not found': transport('ENOTFOUND'),
  'connect timeout': transport('UND_ERR_CONNECT_TIMEOUT'),
  'headers timeout': transport('UND_ERR_HEADERS_TIMEOUT'),
  'body timeout': transport('UND_ERR_BODY_TIMEOUT'),
  'connection lost': transport('ECONNRESET'),
  'unknown transport': transport('EWHATEVER'),
  'server error': status(502),
  'unexpected status': status(302),
  'not found': statusFailure(404, {}, undefined, 0, 'listCustomFields', 'Demo', {}).error.message,
  'not in plan': status(403),
  'refused for this key': statusFailure(403, {}, undefined, 0, 'listCustomFields', 'Demo', {}).error.message,
  'rejected without a reason': status(409),
  'rejected with a field': status(400, { group_name: ['This name is taken.'] }),
  'web page': (decodeAnswer(z.object({}), '<html></html>', 'text/html', 'uploading the manuscript') as { message: string }).message,
  'cut off': (decodeAnswer(z.object({}), '{"a":', 'application/json', 'uploading the manuscript') as { message: string }).message,
  // As core/api/client.ts writes it for a 3xx answer.
  redirected:
    'The service redirected uploading the manuscript to https://sso.example.org (HTTP 302) — often a login page or a wrong address. ' +
    "Check the profile's address.",
  'not JSON': (decodeAnswer(z.object({}), 'nonsense', 'application/json', 'uploading the manuscript') as { message: string }).message,
};

describe('the service and process messages in the editor’s words', () => {
  for (const [what, message] of Object.entries(CORE_MESSAGES)) {
    it(`${what}: said without technical detail, the original kept for Details`, () => {
      const worded = inEditorWords(message);
      expect(worded.text, message).not.toMatch(TECHNICAL);
      expect(worded.text.length).toBeGreaterThan(10);
      expect(worded.detail).toBe(message.trim());
    });
  }

  it('says the two sentences the editor met as an editor would', () => {
    expect(inEditorWords('The local demo service stopped unexpectedly (exit code 0).').text).toBe(
      'The demo service stopped. Restart it with “Restart the demo service” at the bottom of the window.',
    );
    expect(inEditorWords(transport('ECONNREFUSED')).text).toBe(
      'The service cannot be reached. Check that this computer is online; if it is, check the service’s address in Settings.',
    );
    expect(inEditorWords(status(400, { group_name: ['This name is taken.'] })).text).toBe(
      'The service rejected uploading the manuscript: This name is taken. (Group name).',
    );
  });

  it('leaves a sentence already in the editor’s words alone, with no Details', () => {
    for (const m of ['No connection profile is selected. Add one in Settings.', 'Team "Ghost Team" does not exist.']) {
      expect(inEditorWords(m)).toEqual({ text: m, detail: null });
    }
  });

  it('every rule is reached by a message core writes', () => {
    const used = new Set<number>();
    for (const message of [
      ...Object.values(CORE_MESSAGES),
      'The local demo service stopped; restarting it…',
      'Starting the local demo service…',
    ])
      used.add(SERVICE_WORDING.findIndex((r) => r.match.test(message.trim())));
    const unused = SERVICE_WORDING.map((r, i) => (used.has(i) ? null : String(r.match))).filter(Boolean);
    expect(unused).toEqual([]);
  });

  it('an error envelope keeps its core sentence in editorMessage (the window words it where it shows it)', () => {
    expect(editorMessage({ code: 'offline', message: transport('ECONNREFUSED') })).toBe(transport('ECONNREFUSED'));
  });
});

describe('the outcome of Sync now, always said', () => {
  const none = { sent: 0, retried: 0, parked: 0, stoppedBy: null };
  const offline = { action: 'retry', code: 'offline', message: transport('ECONNREFUSED') };

  it('offline with changes queued: they stay and go when the service answers; the address only as the reason', () => {
    const o = syncOutcome({ ...none, stoppedBy: offline }, { pending: 3, parked: 0 });
    expect(o).toEqual({
      text: 'The service cannot be reached: 3 changes stay queued and go as soon as it answers.',
      reason: offline.message,
      ok: false,
      offline: true,
    });
  });

  it('offline with nothing queued, and online with nothing to send, each say so', () => {
    expect(syncOutcome({ ...none, stoppedBy: offline }, { pending: 0, parked: 0 }).text).toBe(
      'The service cannot be reached; nothing is waiting to be sent.',
    );
    expect(syncOutcome(none, { pending: 0, parked: 0 })).toMatchObject({
      text: 'Nothing to send: the service has every change.',
      ok: true,
    });
    expect(syncOutcome(none, { pending: 0, parked: 2 }).text).toBe('Nothing new to send; 2 changes need your attention below.');
    expect(syncOutcome(none, { pending: 0, parked: 1 }).text).toBe('Nothing new to send; 1 change needs your attention below.');
  });

  it('counts what went, what was refused and what waits for another try', () => {
    expect(syncOutcome({ ...none, sent: 1 }, { pending: 0, parked: 0 })).toMatchObject({ text: 'Sent 1 change.', ok: true });
    expect(syncOutcome({ ...none, sent: 2, parked: 1, retried: 1 }, { pending: 1, parked: 1 })).toMatchObject({
      text: 'Sent 2 changes. 1 change refused by the service: see below. 1 change will be tried again shortly.',
      ok: false,
    });
  });

  it('a held queue says sending stopped, with core’s reason', () => {
    const held = { action: 'hold', code: 'unauthorized', message: 'The service did not accept the API key of profile "Demo".' };
    expect(syncOutcome({ ...none, stoppedBy: held }, { pending: 2, parked: 0 })).toEqual({
      text: 'Sending stopped with 2 changes still queued:',
      reason: held.message,
      ok: false,
      offline: false,
    });
  });
});

describe('the status bar’s counts', () => {
  it('stay after core’s sentence is worded; Details holds the sentence alone', () => {
    const reason = 'The local demo service stopped unexpectedly (exit code 0).';
    expect(inEditorWords(`${reason} — 2 changes queued — 1 needs attention`)).toEqual({
      text: 'The demo service stopped. Restart it with “Restart the demo service” at the bottom of the window. — 2 changes queued — 1 needs attention',
      detail: reason,
    });
  });
});

import { describe, expect, it } from 'vitest';
import { parsePort } from '../../../renderer/src/features/settings/port';

describe('webhook port field', () => {
  it('reads whole numbers from 0 to 65535', () => {
    expect(parsePort('0')).toEqual({ port: 0 });
    expect(parsePort(' 8443 ')).toEqual({ port: 8443 });
    expect(parsePort('65535')).toEqual({ port: 65535 });
  });
  it('never turns invalid input into 0', () => {
    for (const raw of ['', '  ', 'abc', '80a', '-1', '1.5', '1e3', '65536', '999999']) {
      const r = parsePort(raw);
      expect(r, raw).toHaveProperty('error');
      expect('error' in r && r.error).toMatch(/whole number from 1 to 65535/);
    }
  });
  it('says what was wrong in plain words', () => {
    expect(parsePort('abc')).toEqual({ error: expect.stringContaining('“abc” is not a port') as string });
    expect(parsePort('70000')).toEqual({ error: expect.stringContaining('70000 is too large') as string });
  });
});

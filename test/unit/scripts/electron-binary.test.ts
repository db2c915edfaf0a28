// The release workflow sets REQUIRE_ELECTRON=1: there an Electron suite that would skip (no binary,
// no packaged app) fails instead; elsewhere it skips with its reason, as `npm test` here does.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { electronBinary, electronRequired, skipReason } from '../../../scripts/electron-binary.mjs';

const missing = { ELECTRON_OVERRIDE_DIST_PATH: join(import.meta.dirname, 'no-electron-here') };

describe('Electron suites: skip here, fail in the release workflow', () => {
  it('without REQUIRE_ELECTRON a missing binary is a skip with its reason', () => {
    const found = electronBinary(missing);
    expect(found.path).toBeNull();
    expect(found.reason).toMatch(/ELECTRON_OVERRIDE_DIST_PATH has no binary/);
    expect(skipReason('no packaged app under release', {})).toBe('no packaged app under release');
  });

  it('with REQUIRE_ELECTRON=1 the same missing binary throws, so the suite fails', () => {
    expect(() => electronBinary({ ...missing, REQUIRE_ELECTRON: '1' })).toThrow(/REQUIRE_ELECTRON is set.*has no binary/);
    expect(() => skipReason('no packaged app under release', { REQUIRE_ELECTRON: 'true' })).toThrow(/may not skip: no packaged app/);
  });

  it('REQUIRE_ELECTRON is on only for 1, true or yes', () => {
    expect(['1', 'true', 'YES'].map((v) => electronRequired({ REQUIRE_ELECTRON: v }))).toEqual([true, true, true]);
    expect(['', '0', 'false', 'no'].map((v) => electronRequired({ REQUIRE_ELECTRON: v }))).toEqual([false, false, false, false]);
    expect(electronRequired({})).toBe(false);
  });

  it('a suite file fails to load when it would skip with REQUIRE_ELECTRON=1', async () => {
    const previous = { ...process.env };
    Object.assign(process.env, missing, { REQUIRE_ELECTRON: '1' });
    try {
      await expect(import('../../e2e/electron/startup.test')).rejects.toThrow(/REQUIRE_ELECTRON is set/);
    } finally {
      for (const k of ['ELECTRON_OVERRIDE_DIST_PATH', 'REQUIRE_ELECTRON']) if (previous[k] === undefined) delete process.env[k];
      Object.assign(process.env, previous);
    }
  });
});

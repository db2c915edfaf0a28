import { describe, expect, it } from 'vitest';
import {
  CHECK_INTERVAL_MS,
  FIRST_CHECK_DELAY_MS,
  UPDATE_DISABLE_ENV,
  nextCheckDelay,
  policyFileDisablesUpdates,
  policyFilePath,
  restartBlocker,
  updatePolicy,
} from '../../../electron/common/update-policy';

const base = { isPackaged: true, settingEnabled: true, env: {}, policyFileText: null, selfUpdating: true };

describe('update policy', () => {
  it('is on for a packaged, self-updating copy with the setting on and no admin policy', () => {
    expect(updatePolicy(base)).toEqual({ enabled: true });
  });
  it('is off when not packaged, when the setting is off, or on a package-manager install', () => {
    expect(updatePolicy({ ...base, isPackaged: false })).toMatchObject({ enabled: false, off: 'not-packaged' });
    expect(updatePolicy({ ...base, settingEnabled: false })).toMatchObject({ enabled: false, off: 'setting' });
    expect(updatePolicy({ ...base, selfUpdating: false })).toMatchObject({ enabled: false, off: 'unsupported' });
  });
  it('admin policy wins over everything: the environment variable, then the policy file', () => {
    for (const v of ['1', 'true', 'YES', ' on ']) {
      expect(updatePolicy({ ...base, env: { [UPDATE_DISABLE_ENV]: v } })).toMatchObject({ enabled: false, off: 'admin-env' });
    }
    expect(updatePolicy({ ...base, env: { [UPDATE_DISABLE_ENV]: '0' } })).toEqual({ enabled: true });
    expect(updatePolicy({ ...base, policyFileText: '{"updates": false}' })).toMatchObject({ enabled: false, off: 'admin-file' });
    expect(updatePolicy({ ...base, isPackaged: false, policyFileText: '{"updates": false}' })).toMatchObject({ off: 'admin-file' });
    expect(updatePolicy({ ...base, policyFileText: '{"updates": true}' })).toEqual({ enabled: true });
  });
  it('a policy file that is not the documented JSON turns updates off rather than guessing', () => {
    expect(policyFileDisablesUpdates('{}')).toBe(false);
    expect(policyFileDisablesUpdates('{"updates": "no"}')).toBe(true);
    expect(policyFileDisablesUpdates('not json')).toBe(true);
    expect(policyFileDisablesUpdates('[]')).toBe(true);
    expect(policyFileDisablesUpdates(' '.repeat(70_000))).toBe(true);
  });
  it('documents one policy file per system', () => {
    expect(policyFilePath('win32', { ProgramData: 'D:\\PD' })).toBe('D:\\PD\\Referee Desk\\policy.json');
    expect(policyFilePath('darwin', {})).toBe('/Library/Application Support/Referee Desk/policy.json');
    expect(policyFilePath('linux', {})).toBe('/etc/referee-desk/policy.json');
  });
});

describe('restart and schedule', () => {
  it('never restarts while an upload is sent or the outbox drains', () => {
    expect(restartBlocker({ uploadsSending: 0, outboxDraining: false })).toBeNull();
    expect(restartBlocker({ uploadsSending: 1, outboxDraining: false })).toMatch(/an upload/);
    expect(restartBlocker({ uploadsSending: 3, outboxDraining: true })).toMatch(/3 uploads/);
    expect(restartBlocker({ uploadsSending: 0, outboxDraining: true })).toMatch(/queued changes/);
  });
  it('checks 10 s after start, then every 6 hours', () => {
    expect(FIRST_CHECK_DELAY_MS).toBe(10_000);
    expect(CHECK_INTERVAL_MS).toBe(21_600_000);
    expect(nextCheckDelay(1_000, null)).toBe(10_000);
    expect(nextCheckDelay(1_000 + 3600_000, 1_000)).toBe(5 * 3600_000);
    expect(nextCheckDelay(1_000 + 7 * 3600_000, 1_000)).toBe(0);
  });
});

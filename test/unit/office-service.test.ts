// The pure parts of core's office service: the address with the editor's login and never a
// password, `--office` on a command line, and what the status bar says.
import { describe, expect, it } from 'vitest';
import { officeFromArgv, officeStatusView, officeUrl, splitOfficeUrl } from '../../electron/core/office/service';

describe('office addresses', () => {
  it('puts the login in the address and drops any password', () => {
    expect(officeUrl('postgres://x:secret@db.example.org:6432/office?sslmode=verify-full', 'ann')).toBe(
      'postgres://ann@db.example.org:6432/office?sslmode=verify-full',
    );
  });
  it('refuses what is not a postgres address, and a login IT could not have made', () => {
    expect(() => officeUrl('https://db.example.org/office', 'ann')).toThrow(/postgres:\/\//);
    expect(() => officeUrl('not an address', 'ann')).toThrow(/postgres:\/\/server\/database/);
    expect(() => officeUrl('postgres://db/office', 'Ann Smith')).toThrow(/lowercase/);
  });
  it('splits a scripted address into address, login and password', () => {
    expect(splitOfficeUrl('postgres://ann:p%40ss@db.example.org/office?sslmode=require')).toEqual({
      url: 'postgres://ann@db.example.org/office?sslmode=require',
      login: 'ann',
      password: 'p@ss',
    });
    expect(splitOfficeUrl('postgres://ann@db/office').password).toBeNull();
    expect(() => splitOfficeUrl('postgres://db/office')).toThrow(/name the editor/);
  });
  it('finds --office in either form on a command line', () => {
    expect(officeFromArgv(['node', 'host.js', '--office', 'postgres://a@b/c'])).toBe('postgres://a@b/c');
    expect(officeFromArgv(['electron', '.', '--office=postgres://a@b/c'])).toBe('postgres://a@b/c');
    expect(officeFromArgv(['electron', '.', 'paper.pdf'])).toBeUndefined();
    expect(officeFromArgv(['electron', '.', '--office'])).toBeUndefined();
  });
});

describe('the office in the status bar', () => {
  const link = { url: 'postgres://ann@db/office', login: 'ann' };
  it('says in step, or offline with what waits', () => {
    expect(officeStatusView(link, { state: 'in_step', waiting: 0, reason: null, lastSyncAt: 5 }).message).toBe('Office: in step');
    expect(
      officeStatusView(link, { state: 'offline', waiting: 12, reason: 'The office could not be reached.', lastSyncAt: 5 }).message,
    ).toBe('Office: offline — 12 changes waiting');
    expect(officeStatusView(link, { state: 'refused', waiting: 1, reason: 'x', lastSyncAt: null }).message).toBe(
      'Office: refused — 1 change waiting',
    );
  });
});

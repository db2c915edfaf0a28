// A release build (the workflow on a version tag) fails closed: without the signing, notarization
// and publishing credentials nothing is built, and Windows signs through Azure Trusted Signing.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isRelease, releaseSigning } from '../../../scripts/release-signing.mjs';

const mac = { CSC_LINK: 'c', CSC_KEY_PASSWORD: 'p', APPLE_ID: 'a', APPLE_APP_SPECIFIC_PASSWORD: 'b', APPLE_TEAM_ID: 't', GH_TOKEN: 'g' };
const azure = {
  AZURE_SIGNING_ENDPOINT: 'https://weu.codesigning.azure.net/',
  AZURE_SIGNING_ACCOUNT: 'desk',
  AZURE_SIGNING_PROFILE: 'desk-public',
  AZURE_SIGNING_PUBLISHER: 'Referee Desk',
  AZURE_TENANT_ID: 't',
  AZURE_CLIENT_ID: 'c',
  AZURE_CLIENT_SECRET: 's',
  GH_TOKEN: 'g',
};

describe('release signing', () => {
  it('is on only with REFEREE_DESK_RELEASE=1', () => {
    expect(isRelease({ REFEREE_DESK_RELEASE: '1' })).toBe(true);
    expect(isRelease({})).toBe(false);
  });

  it('macOS: lists every missing certificate and notarization variable, and forces signing', () => {
    expect(releaseSigning('darwin', {}).missing).toEqual([
      'GH_TOKEN',
      'CSC_LINK',
      'CSC_KEY_PASSWORD',
      'APPLE_ID',
      'APPLE_APP_SPECIFIC_PASSWORD',
      'APPLE_TEAM_ID',
    ]);
    expect(releaseSigning('darwin', mac)).toEqual({ missing: [], args: ['-c.forceCodeSigning=true'] });
  });

  it('Windows: Azure Trusted Signing by default, passed to electron-builder as azureSignOptions', () => {
    expect(releaseSigning('win32', { GH_TOKEN: 'g' }).missing).toEqual([
      'AZURE_SIGNING_ENDPOINT',
      'AZURE_SIGNING_ACCOUNT',
      'AZURE_SIGNING_PROFILE',
      'AZURE_SIGNING_PUBLISHER',
      'AZURE_TENANT_ID',
      'AZURE_CLIENT_ID',
      'AZURE_CLIENT_SECRET',
    ]);
    expect(releaseSigning('win32', azure)).toEqual({
      missing: [],
      args: [
        '-c.forceCodeSigning=true',
        '-c.win.azureSignOptions.endpoint=https://weu.codesigning.azure.net/',
        '-c.win.azureSignOptions.codeSigningAccountName=desk',
        '-c.win.azureSignOptions.certificateProfileName=desk-public',
        '-c.win.azureSignOptions.publisherName=Referee Desk',
      ],
    });
    const { AZURE_CLIENT_SECRET: _secret, ...partial } = azure;
    expect(releaseSigning('win32', partial).missing).toEqual(['AZURE_CLIENT_SECRET']);
  });

  it('Windows: a certificate (e.g. a hardware key store) instead of Azure', () => {
    expect(releaseSigning('win32', { GH_TOKEN: 'g', WIN_CSC_LINK: 'l', WIN_CSC_KEY_PASSWORD: 'p' })).toEqual({
      missing: [],
      args: ['-c.forceCodeSigning=true'],
    });
    expect(releaseSigning('win32', { GH_TOKEN: 'g', WIN_CSC_LINK: 'l' }).missing).toEqual(['WIN_CSC_KEY_PASSWORD']);
  });

  it('Linux: only the publishing token (its installers are not code-signed)', () => {
    expect(releaseSigning('linux', {})).toEqual({ missing: ['GH_TOKEN'], args: [] });
  });

  it('the notarization hook fails a macOS release without credentials instead of skipping', async () => {
    const hook = createRequire(import.meta.url)(join(import.meta.dirname, '../../../build/notarize.cjs')) as (c: object) => Promise<void>;
    const context = { electronPlatformName: 'darwin', appOutDir: '/nowhere', packager: { appInfo: { productFilename: 'Referee Desk' } } };
    const saved = { ...process.env };
    try {
      for (const k of ['APPLE_ID', 'APPLE_APP_SPECIFIC_PASSWORD', 'APPLE_TEAM_ID']) delete process.env[k];
      process.env['REFEREE_DESK_RELEASE'] = '1';
      await expect(hook(context)).rejects.toThrow(/notarization is required for a release: missing APPLE_ID/);
      delete process.env['REFEREE_DESK_RELEASE'];
      await expect(hook(context)).resolves.toBeUndefined();
    } finally {
      process.env = saved;
    }
  });
});

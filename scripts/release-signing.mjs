// What a release build (REFEREE_DESK_RELEASE=1, set by the release workflow on a version tag) needs to
// sign, notarize and publish, and the electron-builder arguments that make it do so. Pure, so a unit
// test covers it; scripts/dist.mjs refuses to build a release with anything missing, instead of
// shipping unsigned installers.
//
// macOS: a Developer ID certificate (CSC_LINK, CSC_KEY_PASSWORD) and notarization (APPLE_ID,
// APPLE_APP_SPECIFIC_PASSWORD, APPLE_TEAM_ID; build/notarize.cjs).
// Windows: Azure Trusted Signing (certificates are no longer issued as files): the account's endpoint,
// account and certificate profile names and the publisher name, with an Entra ID app's
// AZURE_TENANT_ID / AZURE_CLIENT_ID / AZURE_CLIENT_SECRET; or a certificate electron-builder can use
// (WIN_CSC_LINK, WIN_CSC_KEY_PASSWORD), e.g. from a hardware key store on a self-hosted runner.
// Every system: GH_TOKEN to publish to the GitHub release the update feed points at.

const MAC = ['CSC_LINK', 'CSC_KEY_PASSWORD', 'APPLE_ID', 'APPLE_APP_SPECIFIC_PASSWORD', 'APPLE_TEAM_ID'];
const AZURE = {
  AZURE_SIGNING_ENDPOINT: 'endpoint',
  AZURE_SIGNING_ACCOUNT: 'codeSigningAccountName',
  AZURE_SIGNING_PROFILE: 'certificateProfileName',
  AZURE_SIGNING_PUBLISHER: 'publisherName',
};
const AZURE_AUTH = ['AZURE_TENANT_ID', 'AZURE_CLIENT_ID', 'AZURE_CLIENT_SECRET'];
const WIN_CERT = ['WIN_CSC_LINK', 'WIN_CSC_KEY_PASSWORD'];

export function isRelease(env) {
  return env.REFEREE_DESK_RELEASE === '1';
}

/** `{ missing, args }`: the environment variables a release on `platform` lacks, and what to pass electron-builder. */
export function releaseSigning(platform, env) {
  const absent = (names) => names.filter((n) => !env[n]);
  const missing = absent(['GH_TOKEN']);
  const args = ['-c.forceCodeSigning=true'];
  if (platform === 'darwin') missing.push(...absent(MAC));
  if (platform === 'win32') {
    const azure = Object.keys(AZURE);
    const azureAny = [...azure, ...AZURE_AUTH].some((n) => env[n]);
    if (azureAny || absent(WIN_CERT).length === WIN_CERT.length) {
      missing.push(...absent([...azure, ...AZURE_AUTH]));
      for (const [name, option] of Object.entries(AZURE)) if (env[name]) args.push(`-c.win.azureSignOptions.${option}=${env[name]}`);
    } else missing.push(...absent(WIN_CERT));
  }
  // Linux installers are not code-signed; forceCodeSigning would refuse them.
  if (platform === 'linux') args.length = 0;
  return { missing, args };
}

// electron-builder afterSign hook: notarizes the macOS app with Apple's notary service when the
// credentials are in the environment (APPLE_ID, APPLE_APP_SPECIFIC_PASSWORD, APPLE_TEAM_ID), and
// says why it skips otherwise — except in a release build (REFEREE_DESK_RELEASE=1, the workflow on a
// version tag), where a skip fails the build. Signing itself uses CSC_LINK / CSC_KEY_PASSWORD.
/* eslint-disable @typescript-eslint/no-require-imports, no-undef -- electron-builder loads this hook with require() */
const path = require('node:path');

const REQUIRED = ['APPLE_ID', 'APPLE_APP_SPECIFIC_PASSWORD', 'APPLE_TEAM_ID'];

/** Why notarization is skipped for this build, or null when it should run. */
function skipReason(platform, env) {
  if (platform !== 'darwin') return `not a macOS build (${platform})`;
  const missing = REQUIRED.filter((k) => !env[k]);
  if (missing.length > 0) return `missing ${missing.join(', ')} in the environment`;
  return null;
}

async function afterSign(context) {
  const reason = skipReason(context.electronPlatformName, process.env);
  if (reason) {
    if (context.electronPlatformName === 'darwin' && process.env.REFEREE_DESK_RELEASE === '1')
      throw new Error(`notarization is required for a release: ${reason}`);
    console.log(`  • notarization skipped: ${reason}`);
    return;
  }
  const { notarize } = require('@electron/notarize');
  const appPath = path.join(context.appOutDir, `${context.packager.appInfo.productFilename}.app`);
  console.log(`  • notarizing ${appPath}`);
  await notarize({
    appPath,
    appleId: process.env.APPLE_ID,
    appleIdPassword: process.env.APPLE_APP_SPECIFIC_PASSWORD,
    teamId: process.env.APPLE_TEAM_ID,
  });
}

module.exports = afterSign;
module.exports.default = afterSign;
module.exports.skipReason = skipReason;

// Forwarding what a launch asked for to the one window: a second instance's command line, macOS
// open-file / open-url, and the first start's own argv. launch-target.ts parses (and refuses anything
// but a referee-desk://manuscript/<origin_id> link or a .pdf/.docx path); here a file is staged into
// the data folder like a picked one and a link is resolved to the manuscript in the active profile.
import { isAbsolute, join, resolve } from 'node:path';
import { app } from 'electron';
import type { OpenRequest } from '../common/contract';
import type { Core } from '../core/composition';
import { StagingArea } from '../core/files/staging';
import { PROTOCOL, parseDeepLink, parseFileArg, targetsFromArgv, type LaunchTarget } from './launch-target';

export function argvTargets(argv: readonly string[], cwd: string): LaunchTarget[] {
  return targetsFromArgv(argv, { isAbsolute, resolve, cwd, skip: app.isPackaged ? 1 : 2 });
}

export async function toOpenRequest(core: Core, dataDir: string, target: LaunchTarget): Promise<OpenRequest> {
  if (target.kind === 'manuscript') {
    const profileId = core.profiles.activeId();
    const m = profileId ? core.cache.manuscripts.get(profileId, target.originId) : undefined;
    return { kind: 'manuscript', originId: target.originId, manuscriptId: m?.id ?? null };
  }
  try {
    return { kind: 'file', file: await new StagingArea(join(dataDir, 'staging')).stagePath(target.path) };
  } catch (err) {
    return { kind: 'refused', message: err instanceof Error ? err.message : 'The file could not be read.' };
  }
}

/**
 * Registers the protocol and the macOS open-file/open-url events (before 'ready', as Electron asks),
 * and hands every target to `deliver` — queued until `deliver` is set, once core and the window exist.
 */
export function listenForLaunchTargets(): { setDeliver(deliver: (t: LaunchTarget) => void): void; push(t: LaunchTarget[]): void } {
  let deliver: ((t: LaunchTarget) => void) | null = null;
  const pending: LaunchTarget[] = [];
  const push = (targets: LaunchTarget[]) => {
    for (const t of targets) {
      if (deliver) deliver(t);
      else pending.push(t);
    }
  };
  // Packaged installs register the scheme through the installer (.desktop, Info.plist, NSIS);
  // this covers a copy run from source on Windows/macOS.
  if (!app.isPackaged && process.platform !== 'linux' && process.defaultApp && process.argv[1])
    app.setAsDefaultProtocolClient(PROTOCOL, process.execPath, [resolve(process.argv[1])]);
  app.on('open-file', (event, path) => {
    event.preventDefault();
    const t = parseFileArg(path, isAbsolute);
    if (t) push([t]);
  });
  app.on('open-url', (event, url) => {
    event.preventDefault();
    const t = parseDeepLink(url);
    if (t) push([t]);
  });
  push(argvTargets(process.argv, process.cwd()));
  return {
    setDeliver(d) {
      deliver = d;
      for (const t of pending.splice(0)) d(t);
    },
    push,
  };
}

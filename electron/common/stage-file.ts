// Files cross IPC as paths in Electron (issue 14): the preload asks Electron for the path of a File the
// editor dropped or picked (webUtils.getPathForFile) and sends only that; core copies the file into the
// staging area itself. The page never sees the path, and cannot name one: the generic channel
// files.stagePath is refused from the page, only stageFile below (given a real File) reaches it.
// Pure, so it is tested without Electron; electron/preload wires it to webUtils and ipcRenderer.
import type { RawInvoke } from './bridge';
import type { DeskBridge, Envelope } from './contract';
import type { StagedFile } from './views';

export const STAGE_PATH = 'files.stagePath';

const refused: Envelope<never> = {
  ok: false,
  error: { code: 'forbidden_sender', message: 'Files are staged from a drop or the file dialog, never from a path the page names.' },
};

/** The page's generic invoke: every channel but files.stagePath, which only stageFile may use. */
export function withoutPathChannel(invoke: RawInvoke): RawInvoke {
  return (channel, input) => (channel === STAGE_PATH ? Promise.resolve(refused) : invoke(channel, input));
}

/**
 * stageFile for the bridge: the File's path (pathOf throws for a non-File, gives '' for a File built in
 * script) through files.stagePath, or null when it has none, so the page sends the bytes instead.
 */
export function stageFileBy(pathOf: (file: object) => string, invoke: RawInvoke): NonNullable<DeskBridge['stageFile']> {
  return (file) => {
    let path: string;
    try {
      path = pathOf(file);
    } catch {
      return null;
    }
    if (typeof path !== 'string' || path === '') return null;
    return invoke(STAGE_PATH, { path }) as Promise<Envelope<StagedFile>>;
  };
}

// Files cross IPC as paths in Electron (issue 14): the preload asks Electron for the path of a File the
// editor dropped or picked (webUtils.getPathForFile) and sends only that; core copies the file into the
// staging area itself. The page never sees the path, and cannot name one: the generic channel
// files.stagePath is refused from the page, only stageFile below (given a real File) reaches it.
// Pure, so it is tested without Electron; electron/preload wires it to webUtils and ipcRenderer.
// The browser host has no path to send: the page sends the bytes as binary WebSocket messages (the wire
// format at the end of this file), which the host writes to the staging area as they arrive.
import type { RawInvoke } from './bridge';
import type { DeskBridge, Envelope } from './contract';
import type { StagedFile } from './shapes';

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

/** Browser host: the most file bytes one binary message carries (after its id). */
export const STAGE_PIECE_BYTES = 512 * 1024;

/** Bytes before a piece's data: the id of the announcement it belongs to, unsigned 32-bit big-endian. */
export const STAGE_PIECE_PREFIX = 4;

/**
 * The text message that opens a file on the browser host's socket; the file's bytes follow as binary
 * messages made by stagePiece with the same id, in order, exactly `size` of them in all. The host answers
 * `{id, result}` (the StagedFile, or the error) once the last byte is in, or as soon as it refuses.
 */
export interface StageAnnouncement {
  id: number;
  stage: { name: string; size: number };
}

/** One binary message: the announcement's id, then the bytes. */
export function stagePiece(id: number, bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(STAGE_PIECE_PREFIX + bytes.length);
  new DataView(out.buffer).setUint32(0, id);
  out.set(bytes, STAGE_PIECE_PREFIX);
  return out;
}

/** A binary message's id and bytes, or null when it is too short to carry an id. The bytes are a view, not a copy. */
export function readStagePiece(data: Uint8Array): { id: number; bytes: Uint8Array } | null {
  if (data.length < STAGE_PIECE_PREFIX) return null;
  const id = new DataView(data.buffer, data.byteOffset, data.byteLength).getUint32(0);
  return { id, bytes: data.subarray(STAGE_PIECE_PREFIX) };
}

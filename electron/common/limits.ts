// Sizes every layer agrees on (the renderer checks before sending, transports accept, intake enforces).

/** The largest manuscript file the app takes (intake refuses bigger ones with a clear message). */
export const MAX_MANUSCRIPT_BYTES = 50 * 1024 * 1024;

/** A manuscript's bytes as base64 text, as files.stage carries them from a browser window. */
export const MAX_STAGE_BASE64 = Math.ceil(MAX_MANUSCRIPT_BYTES / 3) * 4;

/** The largest WebSocket message the browser host accepts: a request as JSON text, or one piece of a file
 * (files cross it as binary pieces, electron/common/stage-file.ts, never as one message). */
export const MAX_MESSAGE_BYTES = 1024 * 1024;

/** What an editor reads when a file is over the limit (the window checks before reading it, core again when staging). */
export function tooLargeMessage(name: string, bytes: number, limit = MAX_MANUSCRIPT_BYTES): string {
  return `“${name}” is ${(bytes / 2 ** 20).toFixed(1)} MB; the limit is ${(limit / 2 ** 20).toFixed(0)} MB.`;
}

/** The largest PDF whose first page the window draws beside the upload form (its bytes cross to the window once). */
export const PREVIEW_MAX_BYTES = 20 * 1024 * 1024;

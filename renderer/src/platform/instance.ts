// The desk the stores talk to, set once at boot (main.tsx) — or by a test with a fake bridge.
import { editorMessage } from '../../../electron/common/domain/wording';
import type { Desk } from './desk';

let current: Desk | null = null;

export function setDesk(desk: Desk): void {
  current = desk;
}

export function desk(): Desk {
  if (!current) throw new Error('Referee Desk is not connected yet.');
  return current;
}

/** Every error shown on screen goes through here: in the editor's words, no channel or field path. */
export function errorText(err: unknown): string {
  return editorMessage(err);
}

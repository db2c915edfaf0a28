// The desk the stores talk to, set once at boot (main.tsx) — or by a test with a fake bridge.
import type { Desk } from './desk';

let current: Desk | null = null;

export function setDesk(desk: Desk): void {
  current = desk;
}

export function desk(): Desk {
  if (!current) throw new Error('Referee Desk is not connected yet.');
  return current;
}

export function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

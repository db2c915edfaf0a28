import type { Server } from 'node:http';
export function feedFiles(text: string): { version: string; files: string[] };
export function stageFeed(releaseDir: string, feedDir: string): string[];
export function serveFeed(feedDir: string, port: number, onRequest?: (line: string) => void): Promise<Server>;
export function rehearsalEvents(text: string): Array<{ at: string; version: string; event: string; detail?: string; pid?: number }>;
export function rehearsalState(text: string, version: string, event: string): 'done' | 'failed' | 'waiting';
export function rehearsalConfig<T extends Record<string, unknown>>(
  base: T,
  opts: { version: string; feedUrl: string; output: string; macIdentity?: string | null },
): T & Record<string, unknown>;

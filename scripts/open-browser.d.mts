import type { SpawnOptions } from 'node:child_process';

interface Opener {
  once(event: 'error', listener: (err: NodeJS.ErrnoException) => void): unknown;
  once(event: 'spawn', listener: () => void): unknown;
  unref(): void;
}

export function browserCommand(url: string, platform?: NodeJS.Platform): { command: string; args: string[]; options: SpawnOptions };
export function noBrowserReason(env?: NodeJS.ProcessEnv, platform?: NodeJS.Platform): string | null;
export function openInBrowser(
  url: string,
  opts: {
    spawn: (command: string, args: string[], options: SpawnOptions) => Opener;
    env?: NodeJS.ProcessEnv;
    platform?: NodeJS.Platform;
    say?: (line: string) => void;
  },
): Promise<{ opened: boolean; reason: string | null }>;
export function watchForUrl(stream: NodeJS.ReadableStream, out: { write(chunk: string): unknown }, onUrl: (url: string) => void): void;

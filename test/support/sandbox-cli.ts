// The local service's command line (`npm run sandbox`, electron/localservice/cli.ts) as a child process: the
// contract test of the command line and the client benchmark start it the same way.
import { join, resolve } from 'node:path';

/** The repository's root, the folder the command line runs from. */
export const SANDBOX_CLI_ROOT = resolve(import.meta.dirname, '../..');

/** Node's arguments for the command line on port 0 with its data under `dir`, the config file `config` and the admin token `token`. */
export function sandboxCliArgs(dir: string, config: string, token: string): string[] {
  return [
    '--import',
    'tsx',
    'electron/localservice/cli.ts',
    '--port',
    '0',
    '--data',
    join(dir, 'data'),
    '--config',
    config,
    '--admin-token',
    token,
  ];
}

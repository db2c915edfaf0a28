// Sets up an editorial office's PostgreSQL database (docs/office.md):
//   npm run office -- init <admin URL>
//   npm run office -- add-editor <login> --folders J1,J2 [--password-stdin] --admin <admin URL>
//   npm run office -- remove-editor <login> --admin <admin URL>
//   npm run office -- receive --office <editor URL> [--port N] [--bind ADDR] [--public-url URL] [--data DIR] [--api-key-stdin] [--password-stdin]
// The administrator's password comes from the URL, PGPASSWORD or ~/.pgpass; it is never printed. The receiver's
// API key and office password come from REFEREE_DESK_API_KEY / REFEREE_DESK_OFFICE_PASSWORD or standard input.
import { homedir } from 'node:os';
import { join } from 'node:path';
import { DeskError } from '../electron/common/errors';
import { addEditor, initOffice, removeEditor } from '../electron/core/office/admin';
import { ADDRESS_FILE, startHeadlessReceiver } from '../electron/core/office/receiver';
import { RedactingLogger } from '../electron/core/logging';

const USAGE = `Usage:
  npm run office -- init <admin URL>
  npm run office -- add-editor <login> --folders JOURNAL1,JOURNAL2 [--password-stdin] --admin <admin URL>
  npm run office -- remove-editor <login> --admin <admin URL>
  npm run office -- receive --office <editor URL> [--port N] [--bind ADDRESS] [--public-url https://…] [--data DIR]
                            [--service URL] [--api-key-stdin] [--password-stdin]

<admin URL>: postgres://ADMIN@HOST:PORT/DATABASE?sslmode=verify-full (TLS is required except on this computer).
<editor URL>: postgres://LOGIN@HOST:PORT/DATABASE?sslmode=verify-full, LOGIN an editor of every journal.
receive: the organization's API key from REFEREE_DESK_API_KEY (or the first line of standard input with
--api-key-stdin), the office password from REFEREE_DESK_OFFICE_PASSWORD (or the next line with --password-stdin).`;

class UsageError extends Error {}

function parse(argv: string[]): { command: string; positional: string[]; flags: Map<string, string | true> } {
  const [command = '', ...rest] = argv;
  const positional: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i]!;
    if (a === '--password-stdin' || a === '--api-key-stdin') flags.set(a, true);
    else if (['--folders', '--admin', '--office', '--port', '--bind', '--public-url', '--data', '--service'].includes(a)) {
      const v = rest[++i];
      if (v === undefined || v.startsWith('--')) throw new UsageError(`${a} needs a value.`);
      flags.set(a, v);
    } else if (a.startsWith('--')) throw new UsageError(`Unknown option ${a}.`);
    else positional.push(a);
  }
  return { command, positional, flags };
}

/** Standard input's lines (at most `limit` characters in all). */
async function stdinLines(limit = 8192): Promise<string[]> {
  let text = '';
  for await (const chunk of process.stdin) {
    text += String(chunk);
    if (text.length > limit) throw new UsageError('Standard input is too long.');
  }
  return text.split(/\r?\n/);
}

async function readStdin(): Promise<string> {
  return (await stdinLines()).join('\n').replace(/\n$/, '');
}

const flag = (flags: Map<string, string | true>, name: string): string => {
  const v = flags.get(name);
  if (typeof v !== 'string') throw new UsageError(`${name} is required.`);
  return v;
};

async function main(argv: string[]): Promise<void> {
  const { command, positional, flags } = parse(argv);
  switch (command) {
    case 'init': {
      if (positional.length !== 1 || flags.size > 0) throw new UsageError('init takes the admin URL only.');
      const r = await initOffice({ url: positional[0]! });
      console.log(
        r.from === r.to
          ? `The office schema is up to date (version ${r.to}).`
          : `The office schema went from version ${r.from} to ${r.to}.`,
      );
      return;
    }
    case 'add-editor': {
      if (positional.length !== 1) throw new UsageError('add-editor takes one login.');
      const folders = flag(flags, '--folders').split(',');
      const password = flags.has('--password-stdin') ? await readStdin() : undefined;
      const r = await addEditor({ url: flag(flags, '--admin') }, positional[0]!, folders, password);
      const list = [...new Set(folders.map((f) => f.trim()).filter(Boolean))].join(', ');
      console.log(`${r.created ? 'Created' : 'Updated'} editor ${positional[0]}: journals ${list}.`);
      if (r.created && password === undefined)
        console.log('No password was set: give one with --password-stdin, or let the login use another method.');
      return;
    }
    case 'remove-editor': {
      if (positional.length !== 1) throw new UsageError('remove-editor takes one login.');
      const r = await removeEditor({ url: flag(flags, '--admin') }, positional[0]!);
      console.log(`Removed editor ${positional[0]} (${r.memberships} journal memberships); their events stay in the office.`);
      return;
    }
    case 'receive':
      if (positional.length > 0) throw new UsageError('receive takes options only.');
      return receive(flags);
    default:
      throw new UsageError(command === '' ? 'No command given.' : `Unknown command "${command}".`);
  }
}

/** The receiver's data folder unless --data is given: under the user's data folder. */
function defaultDataDir(): string {
  if (process.platform === 'win32') return join(process.env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'Referee Desk Receiver');
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Referee Desk Receiver');
  return join(process.env.XDG_DATA_HOME ?? join(homedir(), '.local', 'share'), 'referee-desk-receiver');
}

/** Takes a secret from the environment and removes it there, so nothing started later inherits it. */
function fromEnv(name: string): string | undefined {
  const v = process.env[name];
  delete process.env[name];
  return v === undefined || v === '' ? undefined : v;
}

/** Runs the office's webhook receiver until SIGTERM or SIGINT (docs/office.md, "The office's receiver"). */
async function receive(flags: Map<string, string | true>): Promise<void> {
  const lines = flags.has('--api-key-stdin') || flags.has('--password-stdin') ? await stdinLines() : [];
  const apiKey = flags.has('--api-key-stdin') ? lines.shift() : fromEnv('REFEREE_DESK_API_KEY');
  const password = flags.has('--password-stdin') ? lines.shift() : fromEnv('REFEREE_DESK_OFFICE_PASSWORD');
  if (!apiKey) throw new UsageError('The API key is missing: set REFEREE_DESK_API_KEY or give --api-key-stdin.');
  if (!password) throw new UsageError('The office password is missing: set REFEREE_DESK_OFFICE_PASSWORD or give --password-stdin.');
  const portText = flags.get('--port');
  const port = typeof portText === 'string' ? Number(portText) : 0;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError('--port must be 0 to 65535.');
  const opt = (name: string): string | undefined => {
    const v = flags.get(name);
    return typeof v === 'string' ? v : undefined;
  };
  const dataDir = opt('--data') ?? defaultDataDir();
  const logger = new RedactingLogger((line) => void process.stderr.write(`${line}\n`));
  const publicUrl = opt('--public-url');
  const serviceUrl = opt('--service');
  const bind = opt('--bind');
  const running = await startHeadlessReceiver({
    dataDir,
    officeUrl: flag(flags, '--office'),
    officePassword: password,
    apiKey,
    port,
    ...(bind !== undefined ? { bindAddress: bind } : {}),
    ...(publicUrl !== undefined ? { publicUrl } : {}),
    ...(serviceUrl !== undefined ? { serviceUrl } : {}),
    logger,
    registerSecret: (s) => logger.addSecret(s),
  });
  const shown = new URL(running.url);
  shown.pathname = shown.pathname.replace(/[^/]+$/, '…');
  shown.username = '';
  shown.password = '';
  console.log(`Receiving marks on port ${running.port}: ${shown.toString()}`);
  console.log(`The address to give the service (with its secret path) is in ${join(dataDir, ADDRESS_FILE)}.`);
  await new Promise<void>((resolve) => {
    let signals = 0;
    const stop = (signal: NodeJS.Signals) => {
      if (++signals > 1) process.exit(1);
      console.log(`${signal}: finishing the deliveries in progress and pushing what waits…`);
      void running.stop().then(resolve, (err: unknown) => {
        console.error(`office: ${err instanceof Error ? err.message : String(err)}`);
        process.exit(1);
      });
    };
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
  });
  console.log('Stopped.');
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (err: unknown) => {
    if (err instanceof UsageError) console.error(`${err.message}\n\n${USAGE}`);
    else if (err instanceof DeskError) console.error(err.message);
    else console.error(`office: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(err instanceof UsageError ? 2 : 1);
  },
);

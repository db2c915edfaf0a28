// Sets up an editorial office's PostgreSQL database (docs/office.md):
//   npm run office -- init <admin URL>
//   npm run office -- add-editor <login> --folders J1,J2 [--password-stdin] --admin <admin URL>
//   npm run office -- remove-editor <login> --admin <admin URL>
// The administrator's password comes from the URL, PGPASSWORD or ~/.pgpass; it is never printed.
import { DeskError } from '../electron/common/errors';
import { addEditor, initOffice, removeEditor } from '../electron/core/office/admin';

const USAGE = `Usage:
  npm run office -- init <admin URL>
  npm run office -- add-editor <login> --folders JOURNAL1,JOURNAL2 [--password-stdin] --admin <admin URL>
  npm run office -- remove-editor <login> --admin <admin URL>

<admin URL>: postgres://ADMIN@HOST:PORT/DATABASE?sslmode=verify-full (TLS is required except on this computer).`;

class UsageError extends Error {}

function parse(argv: string[]): { command: string; positional: string[]; flags: Map<string, string | true> } {
  const [command = '', ...rest] = argv;
  const positional: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i]!;
    if (a === '--password-stdin') flags.set(a, true);
    else if (a === '--folders' || a === '--admin') {
      const v = rest[++i];
      if (v === undefined || v.startsWith('--')) throw new UsageError(`${a} needs a value.`);
      flags.set(a, v);
    } else if (a.startsWith('--')) throw new UsageError(`Unknown option ${a}.`);
    else positional.push(a);
  }
  return { command, positional, flags };
}

async function readStdin(limit = 4096): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) {
    text += String(chunk);
    if (text.length > limit) throw new UsageError('The password on standard input is too long.');
  }
  return text.replace(/\r?\n$/, '');
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
    default:
      throw new UsageError(command === '' ? 'No command given.' : `Unknown command "${command}".`);
  }
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

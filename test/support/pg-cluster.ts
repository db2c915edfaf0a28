// A throwaway PostgreSQL cluster for the office tests: initdb into a fresh temp folder, a free port on
// 127.0.0.1 with SCRAM passwords, the unix socket inside the folder; stopped and removed by stop().
// PostgreSQL refuses to run as root, so as root the binaries run as the `postgres` user.
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface PgCluster {
  /** With `tls`: the server's self-signed certificate (CN localhost, also valid for 127.0.0.1), to trust with sslrootcert. */
  caFile: string | null;
  /** postgres://postgres:PASSWORD@127.0.0.1:PORT/postgres — a superuser. */
  adminUrl: string;
  port: number;
  /** The admin URL with another database. */
  urlFor(database: string, user?: string, password?: string): string;
  stop(): Promise<void>;
}

/** The newest PostgreSQL 15+ bin folder installed (Debian's layout), or null. */
export function pgBinDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .map(Number)
    .filter((v) => Number.isInteger(v) && v >= 15)
    .sort((a, b) => b - a);
  for (const v of versions) {
    const dir = join(root, String(v), 'bin');
    if (existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl'))) return dir;
  }
  return null;
}

const isRoot = (): boolean => process.getuid?.() === 0;

/** Whether a cluster can be started here: the binaries, and as root a `postgres` user to run them. */
export function pgAvailable(): boolean {
  if (pgBinDir() === null) return false;
  if (!isRoot()) return true;
  return spawnSync('id', ['-u', 'postgres']).status === 0;
}

/** Why pgAvailable() is false, for a skip message. */
export const PG_MISSING = 'PostgreSQL 15+ binaries not found in /usr/lib/postgresql/*/bin (Debian: apt-get install postgresql)';

function run(bin: string, args: string[]): string {
  // runuser lives in sbin, which a PATH made for a user may leave out.
  const runuser = ['/usr/sbin/runuser', '/sbin/runuser'].find((p) => existsSync(p)) ?? 'runuser';
  const cmd = isRoot() ? runuser : bin;
  const argv = isRoot() ? ['-u', 'postgres', '--', bin, ...args] : args;
  try {
    return execFileSync(cmd, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (err) {
    const e = err as { stderr?: string; stdout?: string; message: string };
    throw new Error(`${bin} ${args[0] ?? ''} failed: ${e.stderr ?? ''}${e.stdout ?? ''}${e.message}`, { cause: err });
  }
}

async function freePort(): Promise<number> {
  return await new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** A self-signed certificate and key for localhost and 127.0.0.1, written into `dir`. */
function makeCertificate(dir: string): { cert: string; key: string } {
  const cert = join(dir, 'server.crt');
  const key = join(dir, 'server.key');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  chmodSync(key, 0o600);
  return { cert, key };
}

export async function startPgCluster(cfg: { tls?: boolean; maxConnections?: number } = {}): Promise<PgCluster> {
  const bin = pgBinDir();
  if (bin === null) throw new Error(PG_MISSING);
  const dir = mkdtempSync(join(tmpdir(), 'desk-pg-'));
  const data = join(dir, 'data');
  const password = randomBytes(12).toString('hex');
  const pwfile = join(dir, 'pw');
  writeFileSync(pwfile, password + '\n', { mode: 0o600 });
  const tls = cfg.tls ? makeCertificate(dir) : null;
  if (isRoot()) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    for (const f of [dir, pwfile, ...(tls ? [tls.cert, tls.key] : [])]) chownSync(f, uid, gid);
  }
  const port = await freePort();
  const stop = async (): Promise<void> => {
    if (existsSync(join(data, 'postmaster.pid'))) {
      try {
        run(join(bin, 'pg_ctl'), ['stop', '-D', data, '-m', 'immediate', '-w']);
      } catch {
        // already gone
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    run(join(bin, 'initdb'), [
      '-D',
      data,
      '-U',
      'postgres',
      '--pwfile',
      pwfile,
      '--auth-local=trust',
      '--auth-host=scram-sha-256',
      '-E',
      'UTF8',
      '--locale=C',
      '--no-sync',
    ]);
    const opts = [
      `-p ${port}`,
      `-k ${dir}`,
      "-c listen_addresses='127.0.0.1'",
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      `-c max_connections=${cfg.maxConnections ?? 60}`,
      '-c shared_buffers=32MB',
      ...(tls ? ['-c ssl=on', `-c ssl_cert_file=${tls.cert}`, `-c ssl_key_file=${tls.key}`] : []),
    ].join(' ');
    run(join(bin, 'pg_ctl'), ['start', '-D', data, '-w', '-t', '60', '-l', join(dir, 'log'), '-o', opts]);
  } catch (err) {
    await stop();
    throw err;
  }
  const urlFor = (database: string, user = 'postgres', pw = password): string =>
    `postgres://${encodeURIComponent(user)}:${encodeURIComponent(pw)}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
  return { adminUrl: urlFor('postgres'), port, urlFor, stop, caFile: tls?.cert ?? null };
}

let databases = 0;

/** A new empty database in the cluster, for one test; its name. */
export async function freshDatabase(cluster: PgCluster): Promise<string> {
  const { Client } = await import('pg');
  const name = `office_t${process.pid}_${++databases}`;
  const c = new Client({ connectionString: cluster.adminUrl });
  await c.connect();
  try {
    await c.query(`CREATE DATABASE ${name}`);
  } finally {
    await c.end();
  }
  return name;
}

/** Runs statements as the cluster's superuser in `database`; the rows of the last. */
export async function asAdmin<T extends Record<string, unknown> = Record<string, unknown>>(
  cluster: PgCluster,
  database: string,
  sql: string,
  values: unknown[] = [],
): Promise<T[]> {
  const { Client } = await import('pg');
  const c = new Client({ connectionString: cluster.urlFor(database) });
  await c.connect();
  try {
    return (await c.query<T>(sql, values)).rows;
  } finally {
    await c.end();
  }
}

// npm run sandbox -- --port PORT --data DIR [--config FILE] [--admin-token TOKEN] [--seed N]
// Prints one JSON line on stdout once ready: {"base_url", "api_key", "admin_url"}; logs go to stderr.
import { parseArgs } from 'node:util';
import { loadConfigFile } from './config';
import { startSandbox } from './index';

const USAGE = 'usage: npm run sandbox -- --port PORT --data DIR [--config FILE] [--admin-token TOKEN] [--host HOST] [--seed N]';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      data: { type: 'string' },
      config: { type: 'string' },
      host: { type: 'string' },
      seed: { type: 'string' },
      'admin-token': { type: 'string' },
      help: { type: 'boolean' },
    },
    strict: true,
  });
  if (values.help || !values.data || values.port === undefined || !/^\d+$/.test(values.port)) {
    process.stderr.write(`${USAGE}\n`);
    process.exit(values.help ? 0 : 2);
  }
  const config = values.config ? loadConfigFile(values.config) : {};
  const token = values['admin-token'];
  if (token !== undefined) config.admin = { ...config.admin, enabled: true, token };
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const sb = await startSandbox({
    dataDir: values.data,
    port: Number(values.port),
    host: values.host,
    config,
    admin: config.admin?.enabled ?? false,
    seed: values.seed === undefined ? undefined : Number(values.seed),
    log,
  });
  process.stdout.write(`${JSON.stringify({ base_url: sb.baseUrl, api_key: sb.apiKey, admin_url: sb.adminToken ? sb.adminUrl : null })}\n`);
  if (sb.adminToken && token === undefined && !config.admin?.token) log(`sandbox: admin token ${sb.adminToken}`);
  const stop = (signal: string) => {
    log(`sandbox: ${signal}, closing`);
    sb.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

main().catch((err: unknown) => {
  process.stderr.write(`sandbox: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});

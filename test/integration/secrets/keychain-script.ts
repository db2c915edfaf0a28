// Run in a child process by keychain.test.ts (node --import tsx): createSecretStore() as the app
// does it, then one action on one account; prints a JSON line with what happened.
import { createSecretStore } from '../../../electron/core/secrets';

const [action, account, value] = process.argv.slice(2);
const store = await createSecretStore();
if (action === 'set') await store.set(account!, value!);
if (action === 'delete') await store.delete(account!);
const read = await store.get(account!);
process.stdout.write(`${JSON.stringify({ persistence: store.persistence, warning: store.warning, read })}\n`);

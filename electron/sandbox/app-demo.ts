// The demo default of the app: the local service on loopback with its data beside the app's,
// started by the Electron shell and the browser host when there is no profile (or the demo
// profile is active), so a fresh install shows real candidates, journals and groups.
import { join } from 'node:path';
import { startSandbox } from './index';

export function demoStarter(appDataDir: string, log?: (line: string) => void) {
  return async () => {
    const s = await startSandbox({ dataDir: join(appDataDir, 'demo-service'), port: 0, admin: false, ...(log ? { log } : {}) });
    return { baseUrl: s.baseUrl, apiKey: s.apiKey, close: () => s.close() };
  };
}

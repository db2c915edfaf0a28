// The entry of the built browser host (out/main/host.js, `npm run web`): Node's compile cache first, so a
// later start reuses the compiled bundle instead of compiling it again, then the host itself.
import { enableCompileCache } from 'node:module';

enableCompileCache();
await import('./cli');

// node:http through require(), not an ESM import. Node 22 turns an ESM import of a built-in into a module
// record by reading every export, and node:http's WebSocket / CloseEvent / MessageEvent exports are getters
// that load Node's bundled undici: 120–350 ms of CPU before the first answer on this machine
// (nodejs/node#57649, #59686). require() hands out the exports object without touching the getters.
import type * as Http from 'node:http';
import { createRequire } from 'node:module';

export const http = createRequire(import.meta.url)('node:http') as typeof Http;

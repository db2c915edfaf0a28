// The browser host while 8 clients each push a 50 MB file at once (the largest manuscript), as the page
// sends one: an announcement, then binary pieces (electron/common/stage-file.ts) that the host writes to its
// staging area as they arrive: the host's peak RSS above idle, and how long another client's small request
// takes meanwhile. The host runs in a child process (bench/host-flood.child.ts) so its memory is its own.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import WebSocket from 'ws';
import { MAX_MANUSCRIPT_BYTES } from '../electron/common/limits';
import { STAGE_PIECE_BYTES } from '../electron/common/stage-file';
import type { Bench, BenchRow } from './types';

const MB = 1024 * 1024;
const CLIENTS = 8;
const RSS_TARGET_MB = 600;
const LATENCY_TARGET_MS = 200;

const bench: Bench = async () => {
  const child = spawn(process.execPath, ['--import', 'tsx', resolve(import.meta.dirname, 'host-flood.child.ts')], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const ready = JSON.parse((await lines.next()).value as string) as { origin: string; token: string; idle: number };
  const open = () =>
    new Promise<WebSocket>((res, rej) => {
      const ws = new WebSocket(`${ready.origin.replace('http', 'ws')}/ws?token=${ready.token}`, { origin: ready.origin });
      ws.once('open', () => res(ws));
      ws.once('error', rej);
    });
  const other = await open();
  // the pushing clients run in a process of their own, as other windows would
  const pushers = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      resolve(import.meta.dirname, 'host-flood.pushers.ts'),
      JSON.stringify({ origin: ready.origin, token: ready.token, clients: CLIENTS, bytes: MAX_MANUSCRIPT_BYTES }),
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const pushed = createInterface({ input: pushers.stdout! })[Symbol.asyncIterator]();
  await pushed.next();
  const t0 = performance.now();
  pushers.stdin!.write('go\n');
  const answered = pushed.next().then((l) => (JSON.parse(l.value as string) as { staged: number }).staged);
  // the small request goes out while the large ones are still arriving and being handled
  const latencies: number[] = [];
  let floodDone = false;
  const all = answered.then((staged) => {
    floodDone = true;
    return staged;
  });
  let id = 100;
  while (!floodDone) {
    const started = performance.now();
    const mine = ++id;
    await new Promise<void>((res) => {
      const on = (d: WebSocket.RawData) => {
        if ((JSON.parse(d.toString()) as { id: number }).id !== mine) return;
        other.off('message', on);
        res();
      };
      other.on('message', on);
      other.send(JSON.stringify({ id: mine, channel: 'app.info', input: {} }));
    });
    latencies.push(performance.now() - started);
    await new Promise((r) => setTimeout(r, 50));
  }
  const staged = await all;
  const floodMs = performance.now() - t0;
  child.stdin!.write('report\n');
  const { peak, loopMaxMs, loopP99Ms } = JSON.parse((await lines.next()).value as string) as {
    peak: number;
    loopMaxMs: number;
    loopP99Ms: number;
  };
  other.close();
  await new Promise((r) => child.once('exit', r));
  const above = (peak - ready.idle) / MB;
  const worst = Math.max(...latencies);
  const rows: BenchRow[] = [
    {
      suite: 'host-flood',
      metric: `browser host peak RSS above idle: ${CLIENTS} clients each push a ${Math.round(MAX_MANUSCRIPT_BYTES / MB)} MB file at once`,
      value: Math.round(above),
      unit: 'MB',
      target: `≤ ${RSS_TARGET_MB} MB`,
      ok: above <= RSS_TARGET_MB,
      note:
        `${staged} of ${CLIENTS} files staged in ${Math.round(floodMs)} ms (binary pieces of ${STAGE_PIECE_BYTES / 1024} KB); ` +
        `host idle ${Math.round(ready.idle / MB)} MB (child process, core + host under tsx)`,
    },
    {
      suite: 'host-flood',
      metric: `another client's request during that flood (worst of ${latencies.length})`,
      value: Math.round(worst),
      unit: 'ms',
      target: `≤ ${LATENCY_TARGET_MS} ms`,
      ok: worst <= LATENCY_TARGET_MS,
      note:
        `median ${Math.round(latencies.sort((a, b) => a - b)[Math.floor(latencies.length / 2)]!)} ms; ` +
        `app.info every 50 ms until the flood was answered; the host's event loop: max delay ${Math.round(loopMaxMs)} ms, ` +
        `p99 ${Math.round(loopP99Ms)} ms (pieces written to disk as they arrive, hashed on the way)`,
    },
  ];
  return rows;
};

export default bench;

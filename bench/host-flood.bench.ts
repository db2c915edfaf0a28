// The browser host while 8 clients each send a 66 MB message at once (the largest a transport accepts: a
// staged 50 MB file as base64): the host's peak RSS above idle, and how long another client's small request
// takes meanwhile. The host runs in a child process (bench/host-flood.child.ts) so its memory is its own.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import WebSocket from 'ws';
import { MAX_MESSAGE_BYTES } from '../electron/common/limits';
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
  const senders = await Promise.all(Array.from({ length: CLIENTS }, open));
  const other = await open();
  const body = 'A'.repeat(MAX_MESSAGE_BYTES - 64);
  const message = `{"id":1,"channel":"no.such","input":"${body.slice(0, MAX_MESSAGE_BYTES - 64 - 40)}"}`;
  const answered = senders.map((ws) => new Promise<void>((res) => ws.once('message', () => res())));
  const t0 = performance.now();
  for (const ws of senders) ws.send(message);
  // the small request goes out while the large ones are still arriving and being handled
  const latencies: number[] = [];
  let floodDone = false;
  const all = Promise.all(answered).then(() => (floodDone = true));
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
  await all;
  const floodMs = performance.now() - t0;
  child.stdin!.write('report\n');
  const { peak, loopMaxMs, loopP99Ms } = JSON.parse((await lines.next()).value as string) as {
    peak: number;
    loopMaxMs: number;
    loopP99Ms: number;
  };
  for (const ws of [...senders, other]) ws.close();
  await new Promise((r) => child.once('exit', r));
  const above = (peak - ready.idle) / MB;
  const worst = Math.max(...latencies);
  const rows: BenchRow[] = [
    {
      suite: 'host-flood',
      metric: `browser host peak RSS above idle: ${CLIENTS} clients each send a ${Math.round(MAX_MESSAGE_BYTES / MB)} MB message at once`,
      value: Math.round(above),
      unit: 'MB',
      target: `≤ ${RSS_TARGET_MB} MB`,
      ok: above <= RSS_TARGET_MB,
      note: `all ${CLIENTS} answered in ${Math.round(floodMs)} ms; host idle ${Math.round(ready.idle / MB)} MB (child process, core + host under tsx)`,
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
        `p99 ${Math.round(loopP99Ms)} ms (each 67 MB message is decoded and parsed as JSON text on it)`,
    },
  ];
  return rows;
};

export default bench;

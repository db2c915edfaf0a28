// Child process of bench/host-flood.bench.ts: the clients that push files, in a process of their own, so the
// client measuring another request's latency (in the bench) shares no event loop with them. Reads
// {origin, token, clients, bytes} as argv[2] (JSON); prints {ready} once every socket is open, starts on a
// line on stdin, and prints {staged} (how many files the host staged) when every client has its answer.
import { createInterface } from 'node:readline';
import WebSocket from 'ws';
import { STAGE_PIECE_BYTES, stagePiece } from '../electron/common/stage-file';

const { origin, token, clients, bytes } = JSON.parse(process.argv[2]!) as { origin: string; token: string; clients: number; bytes: number };
// a PDF as far as staging's checks go: its header, its end marker
const file = Buffer.alloc(bytes, 0x20);
file.write('%PDF-1.7\n', 0);
file.write('\n%%EOF\n', file.length - 7);

const open = () =>
  new Promise<WebSocket>((res, rej) => {
    const ws = new WebSocket(`${origin.replace('http', 'ws')}/ws?token=${token}`, { origin });
    ws.once('open', () => res(ws));
    ws.once('error', rej);
  });
const sockets = await Promise.all(Array.from({ length: clients }, open));

/** Sends the pieces with a few waiting in the socket, as the page does (it reads the next piece once the socket has room). */
async function push(ws: WebSocket): Promise<boolean> {
  const answer = new Promise<boolean>((res) =>
    ws.on('message', (d) => {
      const reply = JSON.parse(d.toString()) as { id: number; result: { ok: boolean } };
      if (reply.id === 1) res(reply.result.ok);
    }),
  );
  ws.send(JSON.stringify({ id: 1, stage: { name: 'flood.pdf', size: file.length } }));
  for (let at = 0; at < file.length; at += STAGE_PIECE_BYTES) {
    while (ws.bufferedAmount > 2 * STAGE_PIECE_BYTES) await new Promise((r) => setTimeout(r, 2));
    ws.send(stagePiece(1, file.subarray(at, at + STAGE_PIECE_BYTES)));
  }
  return answer;
}

console.log(JSON.stringify({ ready: true }));
createInterface({ input: process.stdin }).once('line', () => {
  void Promise.all(sockets.map(push)).then((oks) => {
    console.log(JSON.stringify({ staged: oks.filter(Boolean).length }));
    for (const ws of sockets) ws.close();
    process.exit(0);
  });
});

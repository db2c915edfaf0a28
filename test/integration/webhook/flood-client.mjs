// A flooding sender for burst.test.ts, run as its own process so the receiver's process holds
// only the receiver. First round: opens every delivery at once over its own connection, sending
// headers and the start of the body only, and sends the rest once the first answer comes back, so
// that all of them are open at the receiver at the same time. Then delivers again (whole, at once,
// in rounds) whatever was answered 503 or refused at the TCP level, as a service redelivers until
// 2xx. Prints one JSON line with what happened.
//   node flood-client.mjs <url> <count> <api_key> <payloads.json>
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';

const [url, countText, apiKey, payloadsFile] = process.argv.slice(2);
const count = Number(countText);
const payloads = JSON.parse(readFileSync(payloadsFile, 'utf8')).map((p) => Buffer.from(JSON.stringify(p)));
const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
const target = new URL(url);

function deliver(order, hold) {
  const head = Buffer.from(
    `{"action":"mark_as_proposal_referee","timestamp":${1_736_931_600 + order},"order":${order},"api_key":"${apiKey}","payload":`,
  );
  const payload = payloads[order % payloads.length];
  const tail = Buffer.from('}');
  return new Promise((resolve) => {
    const req = request(target, {
      method: 'POST',
      agent,
      headers: { 'content-type': 'application/json', 'content-length': String(head.length + payload.length + tail.length) },
    });
    let answered = false;
    req.on('response', (res) => {
      answered = true;
      res.resume();
      res.on('end', () => resolve(String(res.statusCode)));
    });
    req.on('error', (err) => {
      if (!answered) resolve(err.code ?? 'error');
    });
    req.write(head);
    const rest = () => {
      req.write(payload);
      req.end(tail);
    };
    if (hold) hold.then(rest);
    else rest();
  });
}

const answers = {};
let pending = Array.from({ length: count }, (_, i) => i + 1);
let requests = 0;
let rounds = 0;
while (pending.length > 0 && rounds < 200) {
  rounds++;
  requests += pending.length;
  let firstAnswer;
  const hold = rounds === 1 ? new Promise((resolve) => (firstAnswer = resolve)) : undefined;
  const results = await Promise.all(
    pending.map((order) =>
      deliver(order, hold).then((r) => {
        firstAnswer?.();
        return r;
      }),
    ),
  );
  const next = [];
  results.forEach((r, i) => {
    answers[r] = (answers[r] ?? 0) + 1;
    if (r !== '200') next.push(pending[i]);
  });
  pending = next;
}
agent.destroy();
process.stdout.write(JSON.stringify({ requests, rounds, answers, undelivered: pending.length, bodyBytes: payloads[0].length }) + '\n');

// Lists the main thread's busy stretches in a V8 CPU profile (.cpuprofile) and what they were spent on.
// Usage: node scripts/profile-slices.mjs <file.cpuprofile> [minMs=5]
// Take the profile with `PROCESS_PROFILE=/tmp/eld.cpuprofile PROCESS_ROWS=eld npm run bench -- process`
// (the measured window only) or `node --cpu-prof`. A stretch is a run of samples that are not "(idle)"; its
// length counts each sample's interval up to 1 ms, so time the process waited for a core (a loaded machine)
// is left out. Consecutive slices of one loop turn (a check phase running several setImmediate callbacks)
// show as one stretch, which is what the event-loop delay sees. For each stretch: the functions with the most
// self time (a native frame such as a better-sqlite3 statement shows as "(anon) :0" under its caller) and
// the project frames (electron/, bench/) with the most time beneath them.
import { readFileSync } from 'node:fs';

const [file, minArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node scripts/profile-slices.mjs <file.cpuprofile> [minMs=5]');
  process.exit(2);
}
const minMs = Number(minArg ?? 5);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const name = (n) => {
  const cf = n.callFrame;
  const url = cf.url
    .replace(/^.*\/(node_modules\/)/, '$1')
    .replace(/^file:\/\/.*?\/(electron|bench|scripts)\//, '$1/')
    .replace(/^file:\/\/.*?\/bench-results\/process-eld-[^/]*\//, '');
  return `${cf.functionName || '(anon)'} ${url}:${cf.lineNumber + 1}`;
};
// the sources, or the bundle of them the process bench runs its event-loop child from (bench-results/process-eld-*)
const project = (n) =>
  /\/(electron|bench|bench-results\/process-eld-[^/]*)\//.test(n.callFrame.url) && !n.callFrame.url.includes('node_modules');
const idle = (id) => byId.get(id).callFrame.functionName === '(idle)';

let t = profile.startTime;
const times = profile.timeDeltas.map((d) => (t += d));
const samples = profile.samples;
const interval = (i) => Math.min(((times[i + 1] ?? times[i]) - times[i]) / 1000, 1);

const stretches = [];
let start = -1;
for (let i = 0; i <= samples.length; i++) {
  const busy = i < samples.length && !idle(samples[i]);
  if (busy && start < 0) start = i;
  if (!busy && start >= 0) {
    let ms = 0;
    for (let k = start; k < i; k++) ms += interval(k);
    stretches.push({ from: start, to: i, ms, at: (times[start] - profile.startTime) / 1000 });
    start = -1;
  }
}

const long = stretches.filter((s) => s.ms > minMs);
console.log(`${((profile.endTime - profile.startTime) / 1e6).toFixed(1)} s profiled; ${long.length} busy stretches over ${minMs} ms`);
const top = (m, k) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, k)
    .map(([n, v]) => `${v.toFixed(1)} ${n}`);
for (const s of long) {
  const self = new Map();
  const beneath = new Map();
  for (let i = s.from; i < s.to; i++) {
    const dt = interval(i);
    const leaf = byId.get(samples[i]);
    self.set(name(leaf), (self.get(name(leaf)) ?? 0) + dt);
    const seen = new Set();
    for (let id = samples[i]; id !== undefined; id = parent.get(id)) {
      const n = byId.get(id);
      const k = name(n);
      if (project(n) && !seen.has(k)) {
        seen.add(k);
        beneath.set(k, (beneath.get(k) ?? 0) + dt);
      }
    }
  }
  console.log(`\n${s.ms.toFixed(1)} ms at +${s.at.toFixed(0)} ms`);
  console.log(`  self:    ${top(self, 6).join('\n           ')}`);
  console.log(`  project: ${top(beneath, 6).join('\n           ')}`);
}

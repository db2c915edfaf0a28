// Loaded with `node --import` into the browser host by bench/host-drop.bench.ts: the host's event-loop delay,
// written to $DESK_ELD_OUT as JSON (max, p99 in ms) and started afresh on each SIGUSR2.
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const out = process.env.DESK_ELD_OUT;
if (out) {
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  process.on('SIGUSR2', () => {
    writeFileSync(
      out,
      JSON.stringify({
        maxMs: loop.max / 1e6,
        p99Ms: loop.percentile(99) / 1e6,
        samples: loop.count,
        // the monotonic clock a --cpu-prof profile's timestamps use (µs), to find this moment in it
        atUs: Number(process.hrtime.bigint() / 1000n),
      }),
    );
    loop.reset();
  });
}

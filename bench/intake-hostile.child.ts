// Child process of bench/intake-hostile.bench.ts, so the memory figures are those of what it runs, not of the
// bench runner's. Usage: node --import tsx intake-hostile.child.ts DIR HOSTILE GOOD [service]. Prints one JSON
// line: idle RSS, peak RSS while the hostile file and the good file sent right after it are read, and the
// time until each answered.
// - without `service`: only an IntakeService (its warm worker pool), files dropped as the app's intake reads them;
// - with `service`: only the local service (startSandbox, a small corpus), files uploaded over HTTP as the app
//   sends them; `good` also says whether the service still answered after the hostile file.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [dir, hostile, good, mode] = process.argv.slice(2) as [string, string, string, string | undefined];

/** A field of /proc/self/status, in bytes (VmRSS: now, VmHWM: peak since the last reset). */
function status(field: 'VmRSS' | 'VmHWM'): number {
  const m = new RegExp(`^${field}:\\s*(\\d+) kB$`, 'm').exec(readFileSync('/proc/self/status', 'utf8'));
  if (!m) throw new Error(`no ${field} in /proc/self/status`);
  return Number(m[1]) * 1024;
}

/** Settles, then takes the idle RSS and resets the high-water mark (Linux: 5 to clear_refs) for the run. */
async function idleNow(): Promise<number> {
  await new Promise((r) => setTimeout(r, 500));
  const idle = status('VmRSS');
  writeFileSync('/proc/self/clear_refs', '5');
  return idle;
}

// each mode loads only what it measures
async function intake(): Promise<void> {
  const { IntakeService } = await import('../electron/core/intake/index');
  const svc = new IntakeService({ defaults: { root: dir } });
  svc.warm();
  // one good file through every worker first: pdf.js and the readers are loaded, as in an app that has run a while
  await Promise.all(Array.from({ length: svc.poolSize }, () => svc.inspect(good)));
  const idle = await idleNow();
  const t0 = performance.now();
  const hostileRun = svc.inspect(hostile).then((r) => ({ ms: performance.now() - t0, error: r.error?.message ?? null }));
  const goodRun = svc.inspect(good).then((r) => ({ ms: performance.now() - t0, title: r.title ?? null, error: r.error?.message ?? null }));
  const [h, g] = await Promise.all([hostileRun, goodRun]);
  const peak = status('VmHWM');
  await svc.close();
  process.stdout.write(`${JSON.stringify({ idle, pool: svc.poolSize, peak, hostile: h, good: g })}\n`);
}

async function service(): Promise<void> {
  const { startSandbox } = await import('../electron/localservice');
  const sb = await startSandbox({ dataDir: join(dir, 'service-data'), port: 0, config: { corpus: { authors: 200, articles: 1000 } } });
  let n = 0;
  const upload = async (name: string) => {
    const form = new FormData();
    const fields = { api_key: sb.apiKey, folder: 'BENCH', origin_id: `bench-${++n}`, title: 'T', abstract: 'A', authors_count: '0' };
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('exclude_candidates', 'yes');
    form.append('source_file', new Blob([readFileSync(join(dir, name))]), name);
    const res = await fetch(`${sb.baseUrl}/api/external/proposal/`, { method: 'POST', headers: { 'X-ApiKey': sb.apiKey }, body: form });
    const body = (await res.json()) as { error?: { message: string }; debug_info?: { parsed_text_len: number } };
    return { status: res.status, error: body.error?.message ?? null, text: body.debug_info?.parsed_text_len ?? null };
  };
  // the reader worker started and pdf.js loaded, as in a service that has read a file before
  await upload(good);
  const idle = await idleNow();
  const t0 = performance.now();
  const h = await upload(hostile);
  const hostileMs = performance.now() - t0;
  const t1 = performance.now();
  const g = await upload(good);
  const goodMs = performance.now() - t1;
  const peak = status('VmHWM');
  await sb.close();
  process.stdout.write(
    `${JSON.stringify({
      idle,
      pool: 1,
      peak,
      hostile: { ms: hostileMs, status: h.status, error: h.error },
      good: { ms: goodMs, status: g.status, title: g.status === 200 ? `read, ${g.text} characters of text` : null, error: g.error },
    })}\n`,
  );
}

await (mode === 'service' ? service() : intake());

// Waiting in a test for something another process or loop brings about, asked again every `everyMs` (100 ms).

/** What `fn` gives once it gives something other than undefined; throws, naming `what`, when it has not within `ms`. */
export async function until<T>(what: string, fn: () => Promise<T | undefined>, ms = 30_000, everyMs = 100): Promise<T> {
  const t0 = Date.now();
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() - t0 > ms) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

// Shared by the benchmarks that fill a cache with generated data (cache, ledger): the seeded generator and the profile.
import type { Cache } from '../electron/core/cache';

export { prng as rng } from '../test/integration/crash/plan';

/** The demo profile `id` the generated rows belong to. */
export function benchProfile(cache: Cache, id: string): void {
  cache.profiles.upsert({
    id,
    name: 'Bench',
    baseUrl: 'http://bench',
    kind: 'demo',
    createdAt: 0,
    lastCheckedAt: null,
    lastFeatures: null,
  });
}

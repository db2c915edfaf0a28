// A demo "process" the test releases: core's supervisor forks it, and it answers (with a real local service's
// address, say) only when the test posts its message — a first start whose demo service is still starting.
import type { DemoChild, DemoForkOptions } from '../../electron/core/demo/supervisor';

export function heldFork() {
  const children: Array<{ opts: DemoForkOptions; post: (m: unknown) => void; exit: (code: number | null) => void }> = [];
  const fork = (opts: DemoForkOptions): DemoChild => {
    const c = { opts, post: (_m: unknown) => {}, exit: (_code: number | null) => {} };
    children.push(c);
    return {
      onMessage: (l) => void (c.post = l),
      onExit: (l) => void (c.exit = l),
      kill: () => queueMicrotask(() => c.exit(null)),
    };
  };
  return { fork, children };
}

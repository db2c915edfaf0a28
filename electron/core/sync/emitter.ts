/** A small typed event emitter: `on` returns its own unsubscribe function. */
export class Emitter<E extends Record<string, unknown>> {
  private readonly listeners = new Map<keyof E, Set<(payload: never) => void>>();

  on<K extends keyof E>(event: K, listener: (payload: E[K]) => void): () => void {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener as (payload: never) => void);
    return () => set.delete(listener as (payload: never) => void);
  }

  /** Resolves with the next payload of `event` that satisfies `match`. */
  once<K extends keyof E>(event: K, match: (payload: E[K]) => boolean = () => true): Promise<E[K]> {
    return new Promise((resolve) => {
      const off = this.on(event, (p) => {
        if (!match(p)) return;
        off();
        resolve(p);
      });
    });
  }

  emit<K extends keyof E>(event: K, payload: E[K]): void {
    for (const l of [...(this.listeners.get(event) ?? [])]) (l as (p: E[K]) => void)(payload);
  }
}

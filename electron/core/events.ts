// Core's one event emitter: the typed bus the transports forward to windows (EventBus) and the
// emitters of the outbox, the sync loop, connectivity and the cache's change feed are all this class.
import type { EventChannel, EventPayload } from '../common/contract';

type Listener = (payload: never) => void;

/** A small typed event emitter: `on` returns its own unsubscribe function. */
export class Emitter<E extends Record<string, unknown>> {
  private readonly listeners = new Map<keyof E, Set<Listener>>();
  private readonly anyListeners = new Set<(event: keyof E, payload: unknown) => void>();

  on<K extends keyof E>(event: K, listener: (payload: E[K]) => void): () => void {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener as Listener);
    return () => set.delete(listener as Listener);
  }

  /** Every event, whatever its name (a transport forwarding all of them). */
  onAny(listener: (event: keyof E, payload: unknown) => void): () => void {
    this.anyListeners.add(listener);
    return () => this.anyListeners.delete(listener);
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
    for (const l of [...this.anyListeners]) l(event, payload);
  }
}

/** Typed fan-out of core events to whatever transports are attached (IPC windows, WebSockets). */
export class EventBus extends Emitter<{ [C in EventChannel]: EventPayload<C> }> {}

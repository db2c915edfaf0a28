import type { EventChannel, EventPayload } from '../common/contract';

type AnyListener = (event: EventChannel, payload: unknown) => void;

/** Typed fan-out of core events to whatever transports are attached (IPC windows, WebSockets). */
export class EventBus {
  private readonly listeners = new Set<AnyListener>();

  emit<E extends EventChannel>(event: E, payload: EventPayload<E>): void {
    for (const l of [...this.listeners]) l(event, payload);
  }

  on<E extends EventChannel>(event: E, listener: (payload: EventPayload<E>) => void): () => void {
    return this.onAny((e, p) => {
      if (e === event) listener(p as EventPayload<E>);
    });
  }

  onAny(listener: AnyListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

// A fake bridge for the renderer's stores: answers requests from handlers a test gives, records every
// call, and lets the test emit core's events. Installed through platform/instance like the real one.
import type { EventChannel, EventPayload, RequestChannel, RequestInput, RequestOutput } from '../../../electron/common/contract';
import { DeskError } from '../../../electron/common/errors';
import type { Desk } from '../../../renderer/src/platform/desk';
import { setDesk } from '../../../renderer/src/platform/instance';

type Handlers = { [C in RequestChannel]?: (input: RequestInput<C>) => RequestOutput<C> | Promise<RequestOutput<C>> };

export interface FakeDesk extends Desk {
  calls: Array<{ channel: RequestChannel; input: unknown }>;
  handle<C extends RequestChannel>(channel: C, fn: (input: RequestInput<C>) => RequestOutput<C> | Promise<RequestOutput<C>>): void;
  emit<E extends EventChannel>(event: E, payload: EventPayload<E>): void;
  count(channel: RequestChannel): number;
}

export function installFakeDesk(handlers: Handlers = {}): FakeDesk {
  const listeners = new Map<string, Set<(p: unknown) => void>>();
  const table: Handlers = { ...handlers };
  const fake: FakeDesk = {
    host: 'browser',
    calls: [],
    async invoke(channel, input) {
      fake.calls.push({ channel, input });
      const fn = table[channel] as ((i: unknown) => unknown) | undefined;
      if (!fn) throw new DeskError('unknown_channel', `No fake answer for ${channel}`);
      return (await fn(input)) as never;
    },
    // As the Electron preload does when the test answers files.stagePath (a File by its path, here /dropped/<name>);
    // else null, as in the browser host.
    stageFile(file) {
      const fn = table['files.stagePath'];
      if (!fn) return null;
      const input = { path: `/dropped/${file.name}` };
      fake.calls.push({ channel: 'files.stagePath', input });
      return Promise.resolve(fn(input));
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      set.add(listener as (p: unknown) => void);
      return () => set.delete(listener as (p: unknown) => void);
    },
    handle(channel, fn) {
      (table as Record<string, unknown>)[channel] = fn;
    },
    emit(event, payload) {
      for (const l of listeners.get(event) ?? []) l(payload);
    },
    count(channel) {
      return fake.calls.filter((c) => c.channel === channel).length;
    },
  };
  setDesk(fake);
  return fake;
}

/** Lets pending promise chains (store reloads after an event) run to the end. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 0));
}

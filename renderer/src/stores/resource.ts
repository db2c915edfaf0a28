import { create, type StoreApi, type UseBoundStore } from 'zustand';
import type { RequestChannel, RequestInput, RequestOutput } from '../../../electron/common/contract';
import { desk } from '../platform/instance';
import { errorText } from '../platform/instance';

/**
 * One read of core, kept in a store: the answer to `channel` for the input last asked, its error in
 * the editor's words, and whether a request is in flight. Every view that shows what core knows reads
 * it through a store — this one, or a domain store (manuscripts, candidates) — and every store is
 * reloaded from one table of change topics (data/topics.ts).
 */
export interface Resource<C extends RequestChannel> {
  /** The input of the last load; null until a view has asked (a store nobody shows is not reloaded). */
  input: RequestInput<C> | null;
  data: RequestOutput<C> | null;
  /** The input `data` answers (a newer request may be in flight for another). */
  answered: RequestInput<C> | null;
  error: string | null;
  loading: boolean;
  /** Loads with this input (or the last one). An answer to an older request is dropped. */
  load(input?: RequestInput<C>): Promise<void>;
  /** Loads again with the last input, if a view has asked for one. */
  reload(): Promise<void>;
  /** Forgets the answer and the input (another profile's workspace). */
  reset(): void;
}

export type ResourceStore<C extends RequestChannel> = UseBoundStore<StoreApi<Resource<C>>>;

export function resource<C extends RequestChannel>(channel: C): ResourceStore<C> {
  let ticket = 0;
  return create<Resource<C>>((set, get) => ({
    input: null,
    data: null,
    answered: null,
    error: null,
    loading: false,
    async load(input) {
      const asked = input ?? get().input;
      if (asked === null) return;
      const mine = ++ticket;
      set({ input: asked, loading: true });
      try {
        const data = await desk().invoke(channel, asked);
        if (mine === ticket) set({ data, answered: asked, error: null, loading: false });
      } catch (err) {
        if (mine === ticket) set({ error: errorText(err), loading: false });
      }
    },
    async reload() {
      if (get().input !== null) await get().load();
    },
    reset() {
      ticket++;
      set({ input: null, data: null, answered: null, error: null, loading: false });
    },
  }));
}

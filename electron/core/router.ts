import type { z } from 'zod';
import { isRequestChannel, requests, type Envelope, type ParsedInput, type RequestChannel, type RequestOutput } from '../common/contract';
import { DeskError, type DeskErrorShape } from '../common/errors';
import type { SlowTaskLog } from './perf/slow-tasks';
import type { Logger } from './ports';

/** Who is calling: the transport fills it after its own sender check. */
export interface CallContext {
  transport: 'ipc' | 'websocket' | 'test';
}

export type Handler<C extends RequestChannel> = (input: ParsedInput<C>, ctx: CallContext) => Promise<RequestOutput<C>> | RequestOutput<C>;

/** A feature's slice of the contract (Actual Budget's per-feature handler maps). */
export type HandlerMap<K extends RequestChannel> = { [C in K]: Handler<C> };

/** Every channel of the contract, exactly once: the compiler rejects a missing or extra handler. */
export type Handlers = HandlerMap<RequestChannel>;

/** The one entry point both transports call: checks the channel, validates the input with the
 * channel's schema, runs the handler and turns every outcome into an Envelope. */
export class Router {
  constructor(
    private readonly handlers: Handlers,
    private readonly logger: Logger,
    /** Times each call and names it when the main thread is blocked (slow-task log). */
    private readonly tasks?: SlowTaskLog,
  ) {}

  hasHandler(channel: RequestChannel): boolean {
    return typeof this.handlers[channel] === 'function';
  }

  async handle(channel: unknown, rawInput: unknown, ctx: CallContext): Promise<Envelope<unknown>> {
    if (!isRequestChannel(channel)) {
      return fail({ code: 'unknown_channel', message: `Unknown request channel ${describe(channel)}.` });
    }
    const schema: z.ZodType = requests[channel].input;
    const parsed = schema.safeParse(rawInput === undefined ? {} : rawInput);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path.join('.') || undefined;
      return fail({
        code: 'invalid_input',
        message: `Invalid request to ${channel}: ${field ? `${field}: ` : ''}${issue?.message ?? 'does not match the contract'}.`,
        ...(field ? { field } : {}),
      });
    }
    const handler = this.handlers[channel] as (input: unknown, ctx: CallContext) => unknown;
    try {
      const value = this.tasks ? await this.tasks.track(channel, () => handler(parsed.data, ctx)) : await handler(parsed.data, ctx);
      return { ok: true, value };
    } catch (err) {
      if (err instanceof DeskError) return fail(err.toShape());
      this.logger.log('error', 'handler failed', {
        channel,
        error: err instanceof Error ? `${err.name}: ${err.message}` : String(err),
        stack: err instanceof Error ? err.stack : undefined,
      });
      return fail({ code: 'internal', message: 'Something went wrong inside Referee Desk; the details are in the log.' });
    }
  }
}

const fail = (error: DeskErrorShape): Envelope<never> => ({ ok: false, error });

function describe(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v.slice(0, 80));
  return `of type ${v === null ? 'null' : typeof v}`;
}

import type { HandlerMap } from '../router';
import type { CoreContext } from './context';

/** Deliveries listed when the caller does not say how many. */
const DELIVERIES_SHOWN = 200;

export function webhookHandlers(ctx: CoreContext): HandlerMap<'webhook.status' | 'webhook.configure' | 'webhook.deliveries'> {
  return {
    'webhook.status': () => ctx.webhook.status(),
    'webhook.configure': (input) => ctx.webhook.configure(input),
    'webhook.deliveries': ({ limit }) => ctx.webhook.deliveries(limit ?? DELIVERIES_SHOWN),
  };
}

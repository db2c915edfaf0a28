import type { HandlerMap } from '../router';
import type { CoreContext } from './context';

export function webhookHandlers(ctx: CoreContext): HandlerMap<'webhook.status' | 'webhook.configure'> {
  return {
    'webhook.status': () => ctx.webhook.status(),
    'webhook.configure': (input) => ctx.webhook.configure(input),
  };
}

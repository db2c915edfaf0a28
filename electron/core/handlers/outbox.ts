import type { OutboxItemView } from '../../common/views';
import type { OutboxEntry } from '../outbox';
import type { HandlerMap } from '../router';
import type { CoreContext } from './context';

type Channels = 'outbox.list' | 'outbox.retry' | 'outbox.discard' | 'sync.now' | 'app.status';

const STATE: Record<OutboxEntry['state'], OutboxItemView['state']> = {
  queued: 'pending',
  sending: 'sending',
  parked: 'failed',
  done: 'done',
};

/** The queued write in an editor's words. */
export function outboxLabel(e: OutboxEntry): string {
  switch (e.kind) {
    case 'upload':
      return `Upload “${e.data.form.title}” (${e.data.form.origin_id}) to folder ${e.data.form.folder}`;
    case 'author_put':
      return `Create or replace author ${e.data.clientId} in group ${e.data.groupServiceId ?? 'being created'}`;
    case 'author_patch':
      return `Update author ${e.data.clientId} in group ${e.data.groupServiceId ?? 'being created'}`;
    case 'author_delete':
      return `Delete author ${e.data.clientId} from group ${e.data.groupServiceId ?? 'being created'}`;
    case 'group_create':
      return `Create authors group “${e.data.input.group_name}”`;
  }
}

export function outboxView(e: OutboxEntry): OutboxItemView {
  return {
    id: e.id,
    kind: e.kind,
    label: outboxLabel(e),
    state: STATE[e.state],
    attempts: e.attempts,
    createdAt: e.createdAt,
    nextAttemptAt: e.state === 'queued' ? e.nextAttemptAt : null,
    error: e.error,
  };
}

export function outboxHandlers(ctx: CoreContext): HandlerMap<Channels> {
  const list = () => ctx.workspace().outbox.list().map(outboxView);
  return {
    'outbox.list': list,
    'outbox.retry': ({ id }) => {
      ctx.workspace().outbox.retry(id);
      return list();
    },
    'outbox.discard': async ({ id }) => {
      await ctx.workspace().outbox.cancel(id);
      return list();
    },
    'sync.now': async () => {
      await ctx.workspace().sync.syncNow();
      return ctx.status.get();
    },
    'app.status': () => ctx.status.get(),
  };
}

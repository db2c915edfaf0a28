import { syncOutcome } from '../../common/domain/wording';
import type { OutboxEditable, OutboxItemView } from '../../common/shapes';
import { isOutboxKind, type OutboxEntry } from '../outbox';
import type { HandlerMap } from '../router';
import type { CoreContext } from './context';
import { checkAuthorCustomFields } from './groups';

type Channels = 'outbox.list' | 'outbox.retry' | 'outbox.edit' | 'outbox.discard' | 'sync.now' | 'app.status';

const STATE: Record<OutboxEntry['state'], OutboxItemView['state']> = {
  queued: 'pending',
  sending: 'sending',
  parked: 'failed',
  done: 'done',
};

/** The queued write in an editor's words. */
export function outboxLabel(e: OutboxEntry): string {
  switch (e.kind) {
    case 'upload': {
      const f = e.data.form;
      return f ? `Upload “${f.title}” (${f.origin_id}) to folder ${f.folder}` : `Upload manuscript ${e.data.originId}`;
    }
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

/** The group and author a write is about (null for an upload). */
function targetOf(e: OutboxEntry): OutboxItemView['target'] {
  if (e.kind === 'upload') return null;
  if (e.kind === 'group_create') return { groupId: e.data.groupLocalId };
  return { groupId: e.data.groupLocalId, clientId: e.data.clientId };
}

/** The values a failed write can be edited from (a group creation whose answer was lost cannot be sent again). */
function editableOf(e: OutboxEntry): OutboxEditable | null {
  if (e.state !== 'parked') return null;
  switch (e.kind) {
    case 'group_create':
      return e.parkReason === 'outcome_unknown' ? null : { kind: e.kind, input: e.data.input };
    case 'author_put':
      return { kind: e.kind, body: e.data.body };
    case 'author_patch':
      return { kind: e.kind, body: e.data.body };
    default:
      return null;
  }
}

export function outboxView(e: OutboxEntry): OutboxItemView {
  if (!isOutboxKind(e.kind))
    return {
      id: e.id,
      kind: e.kind,
      label: 'A change queued by a newer version of Referee Desk',
      state: STATE[e.state],
      attempts: e.attempts,
      createdAt: e.createdAt,
      nextAttemptAt: null,
      error: e.error,
      target: null,
      editable: null,
    };
  return {
    id: e.id,
    kind: e.kind,
    label: outboxLabel(e),
    state: STATE[e.state],
    attempts: e.attempts,
    createdAt: e.createdAt,
    nextAttemptAt: e.state === 'queued' ? e.nextAttemptAt : null,
    error: e.error,
    target: targetOf(e),
    editable: editableOf(e),
  };
}

export function outboxHandlers(ctx: CoreContext): HandlerMap<Channels> {
  const list = () => ctx.workspace().outbox.list().map(outboxView);
  return {
    'outbox.list': list,
    // The editor's retry and edit answer once on disk, without an fsync on core's thread (cache.editorWrite).
    'outbox.retry': async ({ id }) => {
      await ctx.cache.editorWrite(() => ctx.workspace().outbox.retry(id));
      return list();
    },
    'outbox.edit': async (change) => {
      const { id, ...values } = change;
      if (values.kind !== 'group_create') checkAuthorCustomFields(ctx, values.body.customFields);
      await ctx.cache.editorWrite(() => ctx.workspace().outbox.edit(id, values));
      return list();
    },
    'outbox.discard': async ({ id }) => {
      await ctx.workspace().outbox.cancel(id);
      return list();
    },
    'sync.now': async () => {
      const sync = ctx.workspace().sync;
      const result = await sync.syncNow();
      const left = sync.status();
      const { text, reason, ok, offline } = syncOutcome(result, left);
      return { outcome: text, reason, ok, offline, status: ctx.status.get() };
    },
    'app.status': () => ctx.status.get(),
  };
}

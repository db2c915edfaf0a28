import type { AuthorsGroupRow } from '../../../../electron/common/views';

/**
 * A group's state in the editor's words. A number the editor typed is "not verified" until the service
 * has answered for it (a read of one of its authors succeeded): never "synced" for a number nobody has seen.
 */
export function groupState(g: Pick<AuthorsGroupRow, 'serviceId' | 'syncState' | 'verifiedAt'>): string {
  if (g.serviceId === null) return g.syncState === 'failed' ? 'not created' : 'being created';
  if (g.verifiedAt === null) return 'not verified';
  return g.syncState;
}

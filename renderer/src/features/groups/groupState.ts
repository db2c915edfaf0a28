import type { AuthorsGroupRow } from '../../../../electron/common/shapes';

/**
 * A group's state in the editor's words. A number the editor typed is "not verified" until the service
 * has answered for it (a read of one of its authors succeeded): never "synced" for a number nobody has seen.
 */
export function groupState(g: Pick<AuthorsGroupRow, 'serviceId' | 'syncState' | 'verifiedAt'>): string {
  if (g.serviceId === null) return g.syncState === 'failed' ? 'not created' : 'being created';
  if (g.verifiedAt === null) return 'not verified';
  return g.syncState;
}

/** The form labels of the fields the service names in its refusals. */
const FIELD_LABELS: Record<string, string> = {
  group_name: 'Group name',
  owner_team: 'Owner team',
  editor_teams: 'Editor teams',
  viewer_teams: 'Viewer teams',
  name: 'Name',
  emails: 'Emails',
  orcids: 'ORCIDs',
  articles: 'Articles',
  affiliations: 'Affiliations',
};

/**
 * A refusal in the editor's words: without the "The service rejected <operation>:" preamble (the view
 * already says what was refused) and with the field named as the form labels it.
 */
export function refusalText(message: string | undefined): string {
  if (!message) return 'The service gave no reason.';
  const text = message
    .replace(/^The service rejected [^:]+:\s*/, '')
    .replace(/\s*\(field ([\w.-]+)\)/, (_m, f: string) => (FIELD_LABELS[f] ? ` (${FIELD_LABELS[f]})` : ''));
  return text.charAt(0).toUpperCase() + text.slice(1);
}

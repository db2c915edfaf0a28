import type { Database } from 'better-sqlite3';
import { CUSTOM_FIELD_SCOPES, type CustomFieldOption, type CustomFieldScope, type CustomFieldsResponse } from '../../common/service';
import type { Clock } from '../ports';
import { fromJson, insertInto, toJson } from './sql';
import type { CustomFieldRow } from './types';
import type { ChangeFeed } from './changes';

interface FieldDbRow {
  scope: CustomFieldScope;
  api_id: string;
  position: number;
  data_kind: string;
  name: string;
  description: string | null;
  options_json: string | null;
  fetched_at: number;
}

/** The organization's custom fields (§4.8), replaced whole on every successful listing. */
export class CustomFieldsRepository {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly changes: ChangeFeed,
  ) {}

  replace(profileId: string, response: CustomFieldsResponse): void {
    const now = this.clock.now();
    const insert = this.db.prepare(
      insertInto('custom_fields', [
        'profile_id',
        'scope',
        'api_id',
        'position',
        'data_kind',
        'name',
        'description',
        'options_json',
        'raw_json',
        'fetched_at',
      ]),
    );
    const before = this.definitions(profileId);
    this.changes.transaction(() => {
      this.db.prepare('DELETE FROM custom_fields WHERE profile_id = ?').run(profileId);
      for (const scope of CUSTOM_FIELD_SCOPES) {
        response[scope].forEach((f, i) => {
          insert.run({
            profile_id: profileId,
            scope,
            api_id: f.api_id,
            position: i,
            data_kind: f.data_kind,
            name: f.name,
            description: f.description,
            options_json: f.options === undefined ? null : toJson(f.options),
            raw_json: toJson(f),
            fetched_at: now,
          });
        });
      }
      // Only a list that differs is news: a view reloading after a refresh that changed nothing does not loop.
      if (this.definitions(profileId) !== before) this.changes.note('customFields');
    });
  }

  /** The stored definitions as one string, to tell whether a refresh changed them. */
  private definitions(profileId: string): string {
    const rows = this.db
      .prepare<[string], { raw_json: string }>('SELECT raw_json FROM custom_fields WHERE profile_id = ? ORDER BY scope, position')
      .all(profileId);
    return rows.map((r) => r.raw_json).join('\n');
  }

  list(profileId: string, scope?: CustomFieldScope): CustomFieldRow[] {
    const sql = `SELECT scope, api_id, position, data_kind, name, description, options_json, fetched_at FROM custom_fields
      WHERE profile_id = ?${scope ? ' AND scope = ?' : ''} ORDER BY scope, position`;
    return this.db
      .prepare<unknown[], FieldDbRow>(sql)
      .all(...(scope ? [profileId, scope] : [profileId]))
      .map((r) => ({
        scope: r.scope,
        apiId: r.api_id,
        position: r.position,
        dataKind: r.data_kind,
        name: r.name,
        description: r.description,
        options: fromJson<CustomFieldOption[] | null>(r.options_json, null),
        fetchedAt: r.fetched_at,
      }));
  }
}

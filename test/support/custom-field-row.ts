// A cached custom field (customFields.list) for the tests of the views and forms that read them.
import type { CustomFieldKind, CustomFieldRow } from '../../electron/common/shapes';

const PLAIN = { scope: 'author_from_group', position: 0, description: null, options: null, fetchedAt: 0 } as const;

/** A field of the authors from groups, first in its scope, with no description or options unless `over` gives them. */
export const customFieldRow = (
  apiId: string,
  dataKind: CustomFieldKind,
  name: string,
  over: Partial<CustomFieldRow> = {},
): CustomFieldRow => ({
  ...PLAIN,
  apiId,
  dataKind,
  name,
  ...over,
});

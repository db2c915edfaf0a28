// Bulk import of authors from a CSV file: columns mapped to the standard keys and to the org's
// author custom fields; every row is checked before anything is sent.
import {
  customFieldValueFromText,
  isKnownCustomFieldKind,
  type AuthorFromGroupPut,
  type CustomFieldValue,
} from '../../../../electron/common/service';
import type { CustomFieldRow } from '../../../../electron/common/shapes';
import { clientIdFor, contactProblems } from '../../../../electron/common/domain/authors';
import { splitList } from './authorDraft';

export const STANDARD_TARGETS = ['clientId', 'name', 'emails', 'orcids', 'affiliations', 'articles'] as const;
const LIST_TARGETS = ['emails', 'orcids', 'affiliations', 'articles'] as const;

export interface CsvTable {
  header: string[];
  rows: string[][];
}

/** Import target (a standard key or a custom field's api_id) → column header; '' or absent: not imported. */
export type CsvMapping = Record<string, string>;

/** A row ready to send. `row` counts data rows from 1 (the header is not one). */
export interface CsvAuthor {
  row: number;
  clientId: string;
  body: AuthorFromGroupPut;
}

export interface CsvRowProblem {
  row: number;
  clientId: string;
  problems: string[];
}

/** The custom fields a column can be imported into: those whose kind this version can write. */
export const importableFields = (fields: readonly CustomFieldRow[]): CustomFieldRow[] =>
  fields.filter((f) => isKnownCustomFieldKind(f.dataKind));

const letters = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** Reads the file's rows, leaving out blank ones; null when it has no header. */
export function csvTable(cells: string[][]): CsvTable | null {
  const [header, ...rows] = cells;
  if (!header || header.every((h) => h.trim() === '')) return null;
  return { header, rows: rows.filter((r) => r.some((c) => c.trim() !== '')) };
}

/** A first mapping from the header names: standard keys by their start, custom fields by their name. */
export function guessMapping(header: readonly string[], fields: readonly CustomFieldRow[]): CsvMapping {
  const starting = (target: string) => header.find((h) => letters(h).startsWith(target)) ?? '';
  const mapping: CsvMapping = {
    clientId: starting('client') || header.find((h) => letters(h) === 'id') || '',
    name: starting('name'),
    emails: starting('email'),
    orcids: starting('orcid'),
    affiliations: starting('affil'),
    articles: starting('article'),
  };
  for (const f of importableFields(fields)) mapping[f.apiId] = header.find((h) => letters(h) === letters(f.name)) ?? '';
  return mapping;
}

/** Builds one write per row; a row with any problem is left out and reported, whole. */
const NONE: ReadonlySet<string> = new Set();

export function csvAuthors(
  table: CsvTable,
  mapping: CsvMapping,
  fields: readonly CustomFieldRow[],
): { authors: CsvAuthor[]; problems: CsvRowProblem[] } {
  const columnOf = (target: string) => {
    const h = mapping[target];
    return h ? table.header.indexOf(h) : -1;
  };
  const authors: CsvAuthor[] = [];
  const problems: CsvRowProblem[] = [];
  const firstRowOf = new Map<string, number>();
  table.rows.forEach((cells, i) => {
    const row = i + 1;
    const cell = (target: string) => {
      const c = columnOf(target);
      return c >= 0 ? (cells[c] ?? '').trim() : '';
    };
    const name = cell('name');
    const found: string[] = [];
    if (name === '') found.push('no name');
    const body: AuthorFromGroupPut = { name };
    for (const k of LIST_TARGETS) {
      const values = splitList(cell(k));
      if (values.length > 0) body[k] = values;
    }
    // Named as the sheet's own columns.
    found.push(
      ...contactProblems(body.emails ?? [], body.orcids ?? [], { emails: mapping.emails || 'Emails', orcids: mapping.orcids || 'ORCIDs' }),
    );
    // No id column (editors have none): the ORCID, e-mail or name gives one — the same person gets the
    // same id on a second import, which replaces them rather than adding them twice.
    const typed = cell('clientId');
    const clientId = typed !== '' ? typed : clientIdFor({ name, emails: body.emails ?? [], orcids: body.orcids ?? [] }, NONE);
    if (firstRowOf.has(clientId)) found.push(`id ${clientId} already used on row ${firstRowOf.get(clientId)}`);
    else firstRowOf.set(clientId, row);
    const custom: Record<string, CustomFieldValue> = {};
    for (const f of importableFields(fields)) {
      const res = customFieldValueFromText(f, cell(f.apiId));
      if (!res.ok) found.push(res.problem);
      else if (res.value !== null) custom[f.apiId] = res.value;
    }
    if (Object.keys(custom).length > 0) body.customFields = custom;
    if (found.length > 0) problems.push({ row, clientId, problems: found });
    else authors.push({ row, clientId, body });
  });
  return { authors, problems };
}

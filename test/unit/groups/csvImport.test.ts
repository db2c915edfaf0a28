// CSV import of authors: columns mapped to standard keys and to custom fields; rows with a problem
// are reported whole and never sent.
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../../electron/common/domain/csv';
import { csvAuthors, csvTable, guessMapping } from '../../../renderer/src/features/groups/csvImport';
import { customFieldRow } from '../../support/custom-field-row';

const row = (apiId: string, dataKind: string, name: string, options: string[] = []) =>
  customFieldRow(apiId, dataKind, name, {
    options: options.length ? options.map((o, i) => ({ api_id: `${apiId}-${i}`, option: o })) : null,
  });
const fields = [
  row('f-num', 'number', 'Reviews completed'),
  row('f-date', 'date', 'Last invited'),
  row('f-one', 'single_option', 'Availability', ['Available', 'Busy']),
  row('f-many', 'multi_option', 'Expertise', ['Methods', 'Statistics']),
  row('f-geo', 'geo_point', 'Location'),
];

const text = [
  'ID;Name;E-mail;Reviews completed;Last invited;Availability;Expertise;Location',
  'r-1;Ada Lovelace;ada@example.org;7;2026-03-01;busy;Methods|Statistics;x',
  'r-2;Alan Turing;;seven;2026-02-30;Maybe;Methods;',
  ';No Id;;;;;;',
  'r-1;Ada Again;;;;;;',
  ';;;;;;;',
  'r-3;Emmy Noether;;;;;;',
].join('\r\n');

describe('csv import', () => {
  const table = csvTable(parseCsv(text))!;

  it('guesses standard columns by their start and custom fields by their name, never a read-only kind', () => {
    const mapping = guessMapping(table.header, fields);
    expect(mapping).toMatchObject({
      clientId: 'ID',
      name: 'Name',
      emails: 'E-mail',
      'f-num': 'Reviews completed',
      'f-date': 'Last invited',
      'f-one': 'Availability',
      'f-many': 'Expertise',
    });
    expect(mapping['f-geo']).toBeUndefined();
  });

  it('converts custom-field cells per kind and reports every problem of a bad row without building it', () => {
    expect(table.rows).toHaveLength(5); // the blank line is left out
    const { authors, problems } = csvAuthors(table, guessMapping(table.header, fields), fields);
    expect(authors).toEqual([
      {
        row: 1,
        clientId: 'r-1',
        body: {
          name: 'Ada Lovelace',
          emails: ['ada@example.org'],
          customFields: { 'f-num': 7, 'f-date': '2026-03-01', 'f-one': 'f-one-1', 'f-many': ['f-many-0', 'f-many-1'] },
        },
      },
      // No id in its row: one is made from the name.
      { row: 3, clientId: 'no-id', body: { name: 'No Id' } },
      { row: 5, clientId: 'r-3', body: { name: 'Emmy Noether' } },
    ]);
    expect(problems).toEqual([
      {
        row: 2,
        clientId: 'r-2',
        problems: [
          'Reviews completed must be a number written with a dot (“seven” is not)',
          'Last invited must be a date written YYYY-MM-DD (“2026-02-30” is not)',
          'Availability: “Maybe” is not one of its options (Available, Busy)',
        ],
      },
      { row: 4, clientId: 'r-1', problems: ['id r-1 already used on row 1'] },
    ]);
  });

  it('imports nothing into a custom field whose column is not mapped', () => {
    const mapping = { ...guessMapping(table.header, fields), 'f-num': '' };
    const { authors } = csvAuthors(table, mapping, fields);
    expect(authors[0]!.body.customFields).not.toHaveProperty('f-num');
  });

  it('imports a sheet with only the headers editors use (Name, Email, ORCID, Affiliation): ids from ORCID or e-mail', () => {
    const sheet = csvTable(
      parseCsv(
        [
          'Name,Email,ORCID,Affiliation',
          'Ada Lovelace,ada@example.org,,Analytical Society',
          'Alan Turing,,0000-0002-1825-0097,',
          'Bad Mail,not-an-email,,',
          'Ada Again,ADA@example.org,,',
        ].join('\n'),
      ),
    )!;
    const mapping = guessMapping(sheet.header, []);
    expect(mapping).toMatchObject({ clientId: '', name: 'Name', emails: 'Email', orcids: 'ORCID', affiliations: 'Affiliation' });
    const { authors, problems } = csvAuthors(sheet, mapping, []);
    expect(authors.map((a) => a.clientId)).toEqual(['ada@example.org', '0000-0002-1825-0097']);
    expect(authors[0]!.body).toEqual({ name: 'Ada Lovelace', emails: ['ada@example.org'], affiliations: ['Analytical Society'] });
    expect(problems).toEqual([
      { row: 3, clientId: 'bad-mail', problems: ['Email: “not-an-email” is not an e-mail address (name@example.org).'] },
      { row: 4, clientId: 'ada@example.org', problems: ['id ada@example.org already used on row 1'] },
    ]);
  });

  it('refuses a file with no header', () => {
    expect(csvTable(parseCsv(''))).toBeNull();
  });
});

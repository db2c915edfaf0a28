import { crc32 } from 'node:zlib';
import { SaxesParser } from 'saxes';
import yauzl from 'yauzl';
import { describe, expect, it } from 'vitest';
import { candidateTable } from '../../../electron/common/domain/candidates';
import { changeCounts, changeRows, changesTable } from '../../../electron/common/domain/compare';
import { conflictBadges } from '../../../electron/common/domain/conflicts';
import { parseCsv, toCsv } from '../../../electron/common/domain/csv';
import {
  ledgerTable,
  personCounts,
  shortlistTable,
  type LedgerExportPerson,
  type ShortlistExportEntry,
} from '../../../electron/common/domain/shortlist';
import { CELL_CUT_MARKER, MAX_CELL_CHARS, toXlsx } from '../../../electron/common/domain/xlsx';
import type { RunComparison } from '../../../electron/common/shapes';
import { candidateRow } from './golden/rows';

const row = candidateRow;

/** Reads every entry of a zip with yauzl and checks each stored CRC against zlib's. */
function unzipBytes(buf: Uint8Array): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(Buffer.from(buf), { lazyEntries: true }, (err, zip) => {
      if (err) return reject(err);
      const out = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e) return reject(e);
          const parts: Buffer[] = [];
          stream.on('data', (c: Buffer) => parts.push(c));
          stream.on('end', () => {
            const data = Buffer.concat(parts);
            if (crc32(data) !== entry.crc32) return reject(new Error(`bad CRC for ${entry.fileName}`));
            out.set(entry.fileName, data);
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(out));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

const unzip = async (buf: Uint8Array) => new Map([...(await unzipBytes(buf))].map(([name, data]) => [name, data.toString('utf8')]));

describe('CSV', () => {
  it('round-trips quotes, commas, newlines and non-ASCII through parseCsv', () => {
    const rows = [['Zoë "Z" Müller', 'Oxford, UK', 'line1\nline2', 42, null]];
    const text = toCsv(['Name', 'Affiliation', 'Note', 'h', 'Empty'], rows);
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(parseCsv(text)).toEqual([
      ['Name', 'Affiliation', 'Note', 'h', 'Empty'],
      ['Zoë "Z" Müller', 'Oxford, UK', 'line1\nline2', '42', ''],
    ]);
  });

  it('neutralises cells that a spreadsheet would run as a formula, but not negative numbers', () => {
    const [, cells] = parseCsv(toCsv(['a', 'b', 'c'], [['=HYPERLINK("x")', '-3.5', '@SUM(A1)']]));
    expect(cells).toEqual([`'=HYPERLINK("x")`, '-3.5', `'@SUM(A1)`]);
  });

  it('reads semicolon and tab files as European Excel writes them', () => {
    expect(parseCsv('name;email\r\n"Doe; Jane";j@x.org\r\n')).toEqual([
      ['name', 'email'],
      ['Doe; Jane', 'j@x.org'],
    ]);
    expect(parseCsv('name\temail\nA\ta@x.org')).toEqual([
      ['name', 'email'],
      ['A', 'a@x.org'],
    ]);
  });
});

describe('XLSX', () => {
  it('writes a valid zip whose sheet holds the header, numbers as numbers and escaped text', async () => {
    const t = candidateTable([row(1, 0, { name: 'A <b> & "c"' }), row(2, 1, { email: null })]);
    const files = await unzip(toXlsx('Candidates: run/1', t.header, t.rows));
    expect([...files.keys()].sort()).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/_rels/workbook.xml.rels',
      'xl/workbook.xml',
      'xl/worksheets/sheet1.xml',
    ]);
    expect(files.get('xl/workbook.xml')).toContain('name="Candidates  run 1"');
    const sheet = files.get('xl/worksheets/sheet1.xml')!;
    expect(sheet).toContain('<c r="A1" t="inlineStr"><is><t xml:space="preserve">Rank</t></is></c>');
    expect(sheet).toContain('<c r="A2"><v>1</v></c>');
    expect(sheet).toContain('A &lt;b&gt; &amp; &quot;c&quot;');
    expect(t.header.indexOf('Email')).toBe(11); // column L: empty for the second candidate
    expect(sheet).toContain('<c r="L2" t="inlineStr"><is><t xml:space="preserve">a1@uni.example</t></is></c>');
    expect(sheet).not.toContain('<c r="L3"');
    expect((sheet.match(/<row /g) ?? []).length).toBe(3);
  });
});

describe('conflict badges', () => {
  it('shows set flags in plain words and marks flags the response did not carry as unknown', () => {
    const b = conflictBadges({
      coauth_conflicts: true,
      aff_conflicts: false,
      retracted_articles: null,
      referenced_articles: false,
      external_coi: false,
    });
    expect(b.map((x) => [x.badge, x.unknown])).toEqual([
      ['Co-author', false],
      ['Retraction', true],
    ]);
    expect(b[0]!.explain).toMatch(/co-authored/);
  });
});

describe('run comparison', () => {
  const c: RunComparison = {
    fromRunId: 1,
    toRunId: 2,
    added: [row(9, 4), row(8, 1)],
    dropped: [row(7, 6), row(6, 2)],
    moved: [
      { authorId: 1, name: 'Author 1', affiliation: 'Uni 1', fromRank: 0, toRank: 3, delta: -3, fromScore: 1, toScore: 0.9 },
      { authorId: 2, name: 'Author 2', affiliation: 'Uni 2', fromRank: 5, toRank: 0, delta: 5, fromScore: 0.5, toScore: 1 },
      { authorId: 3, name: 'Author 3', affiliation: 'Uni 3', fromRank: 3, toRank: 2, delta: 1, fromScore: 0.7, toScore: 0.8 },
    ],
    unchanged: 4,
  };

  it('lists new (by new rank), up and down (most places first), then dropped (by old rank), ranks 1-based', () => {
    const rows = changeRows(c);
    expect(rows.map((r) => [r.change, r.authorId, r.fromRank, r.toRank, r.delta])).toEqual([
      ['new', 8, null, 2, null],
      ['new', 9, null, 5, null],
      ['up', 2, 6, 1, 5],
      ['up', 3, 4, 3, 1],
      ['down', 1, 1, 4, -3],
      ['dropped', 6, 3, null, null],
      ['dropped', 7, 7, null, null],
    ]);
    expect(changeCounts(rows)).toEqual({ new: 2, up: 2, down: 1, dropped: 2 });
  });

  it('exports the changes with a header and one line per change', () => {
    const t = changesTable(changeRows(c));
    const parsed = parseCsv(toCsv(t.header, t.rows));
    expect(parsed[0]).toEqual(['Change', 'Name', 'Rank before', 'Rank now', 'Places', 'Score before', 'Score now', 'Author id']);
    expect(parsed[3]).toEqual(['Moved up', 'Author 2', '6', '1', '5', '0.5', '1', '2']);
    expect(parsed).toHaveLength(8);
  });
});

/** Text that a spreadsheet runs as a formula once some delimiter puts it at the start of a field, and text XML cannot hold. */
const ATTACKS = [
  "x;=cmd|' /C calc'!A0;y",
  "a,=cmd|' /C calc'!A0",
  'a\t=1+1',
  'a|=1+1',
  'a\n=1+1',
  'a\r@SUM(A1)',
  'a; "=1+1"',
  ' =1+1',
  '"+1+1"',
  'a;\t-1',
  'a;-2+3',
  '＝1+1',
  '=HYPERLINK("http://evil.example")',
  '@SUM(A1)',
  '\t=1',
  '\r=1',
  // Not a formula, but no XML 1.0 text: U+FFFE, U+FFFF, a lone surrogate, a control character.
  'bad \uFFFE\uFFFF \uD800 \u0001 xml',
];
const TRIGGER = /^[=+\-@\t\r\0\uFF1D\uFF0B\uFF0D\uFF20]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i;

/**
 * The fields of a CSV text that start with a formula trigger, as two kinds of reader see them: one that
 * honours quotes at a field's start (Excel, parseCsv) and one that splits every line on the delimiter
 * ignoring quotes; both skip leading spaces and quotes, as a trimming, unquoting reader does. A field
 * that is a plain number is a number, not a formula.
 */
function formulaFields(text: string, delimiter: string): string[] {
  const quoted = parseCsv(text, delimiter).flat();
  const naive = text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\r|\n/)
    .flatMap((line) => line.split(delimiter));
  return [...quoted, ...naive].filter((f) => {
    const start = f.replace(/^[ \u00A0"]*/, '');
    return TRIGGER.test(start) && !PLAIN_NUMBER.test(start.replace(/[ "]*$/, ''));
  });
}

const candidateAttackRows = () =>
  ATTACKS.map((a, i) =>
    row(200 + i, i, {
      name: a,
      firstName: a,
      middleName: a,
      lastName: a,
      suffix: a,
      affiliation: a,
      email: a,
      orcid: a,
      url: a,
      relevantConcepts: [a, a],
      score: -0.5,
    }),
  );
const shortlistAttackRows = (): ShortlistExportEntry[] =>
  ATTACKS.map((a, i) => ({
    position: i,
    name: a,
    email: a,
    orcid: a,
    affiliation: a,
    status: 'shortlisted',
    note: a,
    dueDate: a,
    invitedAt: null,
    answeredAt: null,
    serviceMarked: false,
  }));
const ledgerAttackRows = (): LedgerExportPerson[] =>
  ATTACKS.map((a) => ({
    name: a,
    affiliation: a,
    email: a,
    orcid: a,
    suggested: 1,
    acceptanceRate: null,
    ...personCounts([]),
  }));
const TABLES = {
  candidates: () => candidateTable(candidateAttackRows()),
  shortlist: () => shortlistTable(shortlistAttackRows()),
  ledger: () => ledgerTable(ledgerAttackRows()),
  changes: () =>
    changesTable(
      changeRows({ fromRunId: 1, toRunId: 2, added: candidateAttackRows(), dropped: [], moved: [], unchanged: 0 } satisfies RunComparison),
    ),
};

describe('CSV: no field a spreadsheet reads starts a formula, whichever delimiter it splits on', () => {
  for (const [name, table] of Object.entries(TABLES)) {
    it(`${name}: read with , ; tab and |, no field starts with = + - @ tab or CR; read with , every value is kept`, () => {
      const t = table();
      const text = toCsv(t.header, t.rows);
      for (const d of [',', ';', '\t', '|']) expect(formulaFields(text, d), `delimiter ${JSON.stringify(d)}`).toEqual([]);
      // The only change to the text is the inserted apostrophes.
      const parsed = parseCsv(text, ',');
      const strip = (v: unknown) => String(v ?? '').replace(/'/g, '');
      expect(parsed.map((r) => r.map(strip))).toEqual([t.header, ...t.rows].map((r) => r.map(strip)));
    });
  }

  it('our negative numbers stay numbers, except in a line’s first cell, where the next cells would join them', () => {
    const text = toCsv(['a', 'b', 'c'], [[-3, "1+cmd|' /C calc'!A0", -0.25]]);
    for (const d of [',', ';', '\t', '|']) expect(formulaFields(text, d)).toEqual([]);
    expect(parseCsv(text, ',')[1]).toEqual(["'-3", "1+cmd|' /C calc'!A0", '-0.25']);
  });

  it('puts the apostrophe where the field starts, after spaces and before quotes, and quotes the cell', () => {
    const [, cells] = parseCsv(toCsv(['a', 'b', 'c'], [['x', "x;=cmd|' /C calc'!A0;y", 'a; "=1"']]), ',');
    expect(cells).toEqual(['x', "x;'=cmd|' /C calc'!A0;y", `a; '"=1"`]);
  });
});

/** A strict XML 1.0 reading: the bytes must be UTF-8 and saxes refuses what is not well-formed. Returns each cell's text by ref. */
function readXmlStrict(name: string, bytes: Uint8Array): Map<string, string> {
  const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  const cells = new Map<string, string>();
  const errors: string[] = [];
  const parser = new SaxesParser({ xmlns: true });
  let ref: string | null = null;
  let inT = false;
  let value = '';
  parser.on('error', (e) => errors.push(`${name}: ${e.message}`));
  parser.on('opentag', (tag) => {
    if (tag.local === 'c') {
      ref = String(tag.attributes['r']?.value ?? '');
      value = '';
    }
    if (tag.local === 't') inT = true;
  });
  parser.on('text', (t) => {
    if (inT) value += t;
  });
  parser.on('closetag', (tag) => {
    if (tag.local === 't') inT = false;
    if (tag.local === 'c' && ref !== null) cells.set(ref, value);
  });
  parser.write(text).close();
  expect(errors).toEqual([]);
  return cells;
}

describe('XLSX: every part is well-formed XML 1.0 and every cell fits Excel', () => {
  it('drops U+FFFE, U+FFFF and controls, replaces lone surrogates, keeps astral characters and _xHHHH_ as written', async () => {
    const values = ['a\uFFFEb\uFFFFc', 'lone \uD800 high', 'lone \uDC00 low', 'ctl\u0001\u001F\u007F', 'ok 😀 \t\n', '_x0041_'];
    const files = await unzipBytes(
      toXlsx(
        'Sheet \uFFFF \uD800',
        ['v'],
        values.map((v) => [v]),
      ),
    );
    const all = new Map([...files].flatMap(([name, bytes]) => [...readXmlStrict(name, bytes)]));
    expect(['A2', 'A3', 'A4', 'A5', 'A6', 'A7'].map((r) => all.get(r))).toEqual([
      'abc',
      'lone \uFFFD high',
      'lone \uFFFD low',
      'ctl\u007F',
      'ok 😀 \t\n',
      '_x005F_x0041_',
    ]);
  });

  it(`cuts a 40,000-character cell at ${MAX_CELL_CHARS} characters, with a marker, never inside a surrogate pair`, async () => {
    const long = 'x'.repeat(40_000);
    const astral = 'y'.repeat(MAX_CELL_CHARS - CELL_CUT_MARKER.length - 1) + '😀'.repeat(10);
    const cells = readXmlStrict('sheet', (await unzipBytes(toXlsx('S', ['v'], [[long], [astral]]))).get('xl/worksheets/sheet1.xml')!);
    const a2 = cells.get('A2')!;
    expect(a2.length).toBe(MAX_CELL_CHARS);
    expect(a2.endsWith(CELL_CUT_MARKER)).toBe(true);
    expect(long.startsWith(a2.slice(0, -CELL_CUT_MARKER.length))).toBe(true);
    const a3 = cells.get('A3')!;
    expect(a3.length).toBeLessThanOrEqual(MAX_CELL_CHARS);
    expect(a3.endsWith(`y${CELL_CUT_MARKER}`)).toBe(true);
  });

  for (const [name, table] of Object.entries(TABLES)) {
    it(`${name}: the export with the attack strings parses strictly`, async () => {
      const t = table();
      const files = await unzipBytes(toXlsx(name, t.header, t.rows));
      expect(files.size).toBe(5);
      for (const [part, bytes] of files) readXmlStrict(part, bytes);
    });
  }
});

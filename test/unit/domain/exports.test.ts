import { crc32 } from 'node:zlib';
import yauzl from 'yauzl';
import { describe, expect, it } from 'vitest';
import { candidateTable } from '../../../electron/common/domain/candidates';
import { changeCounts, changeRows, changesTable } from '../../../electron/common/domain/compare';
import { conflictBadges } from '../../../electron/common/domain/conflicts';
import { parseCsv, toCsv } from '../../../electron/common/domain/csv';
import { toXlsx } from '../../../electron/common/domain/xlsx';
import type { RunComparison } from '../../../electron/common/views';
import { candidateRow } from './golden/rows';

const row = candidateRow;

/** Reads every entry of a zip with yauzl and checks each stored CRC against zlib's. */
function unzip(buf: Uint8Array): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(Buffer.from(buf), { lazyEntries: true }, (err, zip) => {
      if (err) return reject(err);
      const out = new Map<string, string>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e) return reject(e);
          const parts: Buffer[] = [];
          stream.on('data', (c: Buffer) => parts.push(c));
          stream.on('end', () => {
            const data = Buffer.concat(parts);
            if (crc32(data) !== entry.crc32) return reject(new Error(`bad CRC for ${entry.fileName}`));
            out.set(entry.fileName, data.toString('utf8'));
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

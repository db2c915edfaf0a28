// The candidate table's columns come from the one definition the exports use (issue 18): the renderer
// only adds a cell per screen column id. A column in one place and not the other fails here.
import { Fragment, createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  CANDIDATE_COLUMNS,
  DEFAULT_LAYOUT,
  SCREEN_COLUMNS,
  candidateTable,
  normalizeLayout,
} from '../../../electron/common/domain/candidates';
import { CELLS, num, renderCell, type CellContext } from '../../../renderer/src/features/candidates/cells';
import { EXPORT_ROWS } from '../domain/golden/rows';

const ctx: CellContext = {
  maxScore: 1,
  emailChars: 40,
  moved: new Map(),
  groupEffect: null,
  onOpen: () => undefined,
  onCopied: () => undefined,
};
const text = (n: ReactNode) => renderToStaticMarkup(createElement(Fragment, null, n)).replace(/<[^>]+>/g, '');

describe('candidate columns: one definition for the table and both exports', () => {
  it('the renderer’s own cells are for screen columns only; every screen column renders, with or without one', () => {
    const screen = SCREEN_COLUMNS.map((c) => c.key);
    for (const key of Object.keys(CELLS)) expect(screen).toContain(key);
    for (const key of screen)
      for (const row of EXPORT_ROWS) expect(() => renderToStaticMarkup(<>{renderCell(key, row, ctx)}</>)).not.toThrow();
  });

  it('a column without a cell of its own shows the value the exports write: a number formatted, text whole in its tooltip', () => {
    const plain = SCREEN_COLUMNS.filter((c) => CELLS[c.key] === undefined);
    // The numbers, the affiliation and the ORCID need nothing more than their value.
    expect(plain.map((c) => c.key).sort()).toEqual(['affiliation', 'articles', 'citations', 'hIndex', 'orcid']);
    for (const column of plain)
      for (const row of EXPORT_ROWS) {
        const v = column.value(row);
        const html = renderToStaticMarkup(<>{renderCell(column.key, row, ctx)}</>);
        expect(text(renderCell(column.key, row, ctx))).toBe(v === null || v === '' ? '—' : typeof v === 'number' ? num(v) : v);
        if (typeof v === 'string' && v !== '') expect(html).toContain(`title="${v.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`);
      }
  });

  it('every column the definition gives a screen part is on the screen once; the rest are exports only', () => {
    const withScreen = CANDIDATE_COLUMNS.filter((c) => c.screen !== undefined).map((c) => c.key);
    expect(SCREEN_COLUMNS.map((c) => c.key).sort()).toEqual([...withScreen].sort());
    expect(new Set(SCREEN_COLUMNS.map((c) => c.key)).size).toBe(SCREEN_COLUMNS.length);
    for (const c of SCREEN_COLUMNS) expect(CANDIDATE_COLUMNS).toContain(c);
    expect(normalizeLayout(null)).toEqual(DEFAULT_LAYOUT);
  });

  it('the exports write every column, with the labels the column chooser shows', () => {
    const t = candidateTable(EXPORT_ROWS);
    expect(t.header).toEqual(CANDIDATE_COLUMNS.map((c) => c.label));
    for (const c of SCREEN_COLUMNS) expect(t.header).toContain(c.label);
    expect(SCREEN_COLUMNS.find((c) => c.key === 'groups')?.screen.header).toBe('Groups');
  });

  it('the number cells show the value the exports write', () => {
    for (const key of ['rank', 'hIndex', 'articles', 'citations'] as const) {
      const column = SCREEN_COLUMNS.find((c) => c.key === key)!;
      for (const row of EXPORT_ROWS) {
        const v = column.value(row);
        expect(text(renderCell(key, row, ctx))).toBe(typeof v === 'number' ? num(v) : '—');
      }
    }
  });
});

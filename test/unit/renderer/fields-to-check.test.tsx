// The upload form marks what intake was unsure of: each field from fieldsToCheck gets a "Check" mark with
// its reason, tied to the field by aria-describedby; the collapsed card counts them.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { fieldsToCheck, type FieldToCheck } from '../../../electron/common/domain/intake';
import type { IntakeView } from '../../../electron/common/shapes';
import type { UploadFormInput } from '../../../electron/common/service';
import { checksByField, checksSummary } from '../../../renderer/src/features/manuscripts/checks';
import { UploadForm } from '../../../renderer/src/features/manuscripts/UploadForm';

const form: UploadFormInput = {
  folder: 'F',
  origin_id: 'ms-1',
  title: 'A title',
  abstract: 'An abstract',
  authors_count: 2,
  authors: [
    { name: 'Ann Lee', aff: 'Uni', orcid: '', email: 'ann@uni.edu' },
    { name: 'Bo Chen', aff: 'Uni', orcid: '', email: 'bo@uni.edu' },
  ],
};

// The unit project runs in Node (no DOM): read the static markup with a few patterns.
const render = (checks: FieldToCheck[], f = form) =>
  renderToStaticMarkup(createElement(UploadForm, { form: f, onChange: () => undefined, idPrefix: 'k', folders: [], checks }));
const marks = (html: string) => html.match(/data-testid="field-check"/g)?.length ?? 0;
const tag = (html: string, attr: string) => html.match(new RegExp(`<[a-z]+[^>]*${attr}[^>]*>`))?.[0] ?? null;
/** The text of what the element with `attr` names in its aria-describedby. */
const describedBy = (html: string, attr: string) => {
  const ids =
    tag(html, attr)
      ?.match(/aria-describedby="([^"]*)"/)?.[1]
      ?.split(' ') ?? [];
  return ids.map((id) => (html.match(new RegExp(`id="${id}"[^>]*>(.*?)</span>`))?.[1] ?? '').replace(/<[^>]*>/g, '')).join(' ');
};

describe('fields to check in the upload form', () => {
  it('marks each field with its reason, tied by aria-describedby', () => {
    const html = render([
      { field: 'title', reason: 'The title may be cut.' },
      { field: 'authors_count', reason: 'An author may be missing: 3 e-mail addresses for 2 authors.' },
      { field: 'author', index: 1, part: 'email', reason: 'Given in list order.' },
    ]);
    expect(marks(html)).toBe(3);
    expect(describedBy(html, 'id="k-title"')).toContain('Check: The title may be cut.');
    expect(describedBy(html, 'aria-describedby="k-check-authors_count"')).toContain('3 e-mail addresses for 2 authors');
    expect(tag(html, 'aria-describedby="k-check-authors_count"')).toMatch(/^<fieldset/);
    expect(describedBy(html, 'aria-label="Author 2 email"')).toContain('Given in list order.');
    expect(tag(html, 'aria-label="Author 1 email"')).not.toContain('aria-describedby');
    expect(tag(html, 'id="k-abstract"')).not.toContain('aria-describedby');
  });

  it('shows nothing when there is nothing to check', () => {
    const html = render([]);
    expect(marks(html)).toBe(0);
    expect(html).not.toContain('aria-describedby');
  });

  it('drops author marks once the editor changed the author list (indexes no longer match)', () => {
    const edited = { ...form, authors: [...form.authors!, { name: '', aff: '', orcid: '', email: '' }] };
    const html = render(
      [
        { field: 'author', index: 1, part: 'email', reason: 'Given in list order.' },
        { field: 'title', reason: 'Cut.' },
      ],
      edited,
    );
    expect(marks(html)).toBe(1);
    expect(describedBy(html, 'id="k-title"')).toContain('Cut.');
  });

  it('counts the fields on the collapsed card, from what intake read', () => {
    const view: IntakeView = {
      fileId: 'f',
      format: 'pdf',
      title: 'T',
      abstract: 'A',
      authors: [{ name: 'Ann Lee', affiliation: 'University of Uppsala, Uppsala, Sweden', email: 'ann@uni.edu', orcid: null }],
      references: 0,
      error: null,
      confidence: {
        title: 0.5,
        abstract: 0.9,
        authors: 0.9,
        perAuthor: [{ name: 0.9, affiliation: 0.9, email: 0.9, orcid: 0.9 }],
        signals: { emails: 2, unassignedEmails: 1, affiliationMarkers: 1, markersWithoutAuthor: 0 },
      },
    } as IntakeView;
    const checks = fieldsToCheck(view);
    expect(checks.map((c) => c.field)).toEqual(['title', 'authors_count']);
    expect(checksSummary(checks.length)).toBe('2 fields to check');
    expect(checksSummary(1)).toBe('1 field to check');
    expect(checksSummary(0)).toBe('');
    expect(
      checksByField([
        { field: 'title', reason: 'a.' },
        { field: 'title', reason: 'b.' },
      ]).get('title'),
    ).toBe('a. b.');
  });
});

// Invitation template filling and mailto: URLs: escaping, non-ASCII names, the length bound.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TEMPLATE,
  MAX_EXCERPT_ENCODED,
  MAX_MAILTO_CHARS,
  abstractExcerpt,
  dueDateAfter,
  PLACEHOLDERS,
  fillTemplate,
  mailtoUrl,
  unknownPlaceholders,
} from '../../../electron/common/domain/invitation';

describe('template filling', () => {
  const values = {
    name: 'Zoë Ødegård',
    manuscript_title: 'Ice & snow',
    abstract: 'Short.',
    folder: 'J. Glaciology',
    due_date: '2026-12-01',
    editor_name: 'Dr. Editor',
  };

  it('fills every placeholder, spaces inside braces allowed', () => {
    expect(
      fillTemplate('Dear {{name}}, “{{ manuscript_title }}” for {{journal}} by {{due_date}}. {{editor_name}}', {
        ...values,
        journal: values.folder,
      }).text,
    ).toBe('Dear Zoë Ødegård, “Ice & snow” for J. Glaciology by 2026-12-01. Dr. Editor');
  });

  it('never expands a placeholder that arrives inside a value', () => {
    expect(fillTemplate('{{manuscript_title}} / {{name}}', { manuscript_title: 'On {{name}}', name: 'X' }).text).toBe('On {{name}} / X');
  });

  it('keeps and lists unknown placeholders; a missing value becomes empty', () => {
    expect(fillTemplate('Hi {{nmae}} {{due_date}}!', {})).toEqual({ text: 'Hi {{nmae}} !', unknown: ['nmae'] });
    expect(unknownPlaceholders(DEFAULT_TEMPLATE.subject + DEFAULT_TEMPLATE.body)).toEqual([]);
  });

  it('the default template uses the issue’s placeholders', () => {
    for (const p of ['name', 'manuscript_title', 'abstract_excerpt', 'journal', 'due_date', 'editor_name'] as const) {
      expect(PLACEHOLDERS[p]).toBeTruthy();
      expect(DEFAULT_TEMPLATE.subject + DEFAULT_TEMPLATE.body).toContain(`{{${p}}}`);
    }
  });
});

describe('mailto: URL', () => {
  it('percent-encodes subject and body as UTF-8, line breaks as %0D%0A, and keeps the @', () => {
    const r = mailtoUrl({ to: 'zoë@uni.no', subject: 'Review? A&B = 100%', body: 'Dear Zoë Ødegård,\nline 2\r\n#3' });
    expect(r.url).toBe(
      'mailto:zo%C3%AB@uni.no?subject=Review%3F%20A%26B%20%3D%20100%25&body=Dear%20Zo%C3%AB%20%C3%98deg%C3%A5rd%2C%0D%0Aline%202%0D%0A%233',
    );
    expect(r).toMatchObject({ truncated: false, hasRecipient: true });
    const u = new URL(r.url);
    expect(u.protocol).toBe('mailto:');
    expect(u.searchParams.get('subject')).toBe('Review? A&B = 100%');
    expect(u.searchParams.get('body')).toBe('Dear Zoë Ødegård,\r\nline 2\r\n#3');
  });

  it('cannot be steered by the address: a query, extra recipients or odd characters are refused', () => {
    for (const to of [
      'a@x.org?bcc=spy',
      'ada@x.org?bcc=evil@x.org&body=Hi',
      'a@x.org,b@y.org',
      'a@x.org;b@y.org',
      'a@x.org\r\nBcc: e@x.org',
    ]) {
      expect(mailtoUrl({ to, subject: 's', body: '' }), to).toEqual({ url: 'mailto:?subject=s', truncated: false, hasRecipient: false });
    }
    expect(mailtoUrl({ to: 'a@x.org?bcc=spy@evil.example', subject: 's', body: '' })).toMatchObject({
      url: 'mailto:?subject=s',
      hasRecipient: false,
    });
    const two = mailtoUrl({ to: 'a@x.org, b@y.org', subject: 's', body: '' });
    expect(two).toMatchObject({ url: 'mailto:?subject=s', hasRecipient: false });
    expect(mailtoUrl({ to: null, subject: 's', body: 'b' }).hasRecipient).toBe(false);
  });

  it('stays within the length bound, cut between characters (never inside an escape or a surrogate pair)', () => {
    const body = 'Ünïcödé 🧪 '.repeat(400);
    const r = mailtoUrl({ to: 'a@x.org', subject: 'S', body });
    expect(r.truncated).toBe(true);
    expect(r.url.length).toBeLessThanOrEqual(MAX_MAILTO_CHARS);
    const decoded = decodeURIComponent(r.url.slice(r.url.indexOf('&body=') + 6));
    expect(decoded.endsWith('…')).toBe(true);
    expect(body.startsWith(decoded.slice(0, -1))).toBe(true);
    expect(decoded.length).toBeGreaterThan(100);
  });

  it('a subject or body with a lone surrogate still gives a link, the surrogate as U+FFFD', () => {
    const r = mailtoUrl({ to: 'a@x.org', subject: 'T \uD800', body: 'B \uDC00' });
    expect(new URL(r.url).searchParams.get('subject')).toBe('T \uFFFD');
    expect(new URL(r.url).searchParams.get('body')).toBe('B \uFFFD');
  });

  it('a body that fits is not truncated', () => {
    expect(mailtoUrl({ to: 'a@x.org', subject: 'S', body: 'x'.repeat(1000) }, 2000).truncated).toBe(false);
  });
});

describe('drafts right the first time', () => {
  const long = Array.from({ length: 40 }, (_, i) => `Sentence number ${i + 1} of a long abstract about lichens on rocky shores.`).join(' ');
  const person = { name: 'Maria A. Cohen', last_name: 'Cohen', journal: 'DEMO', folder: 'DEMO', abstract: long };

  it('the default template fits a mail link with a long abstract and a long title: the abstract is an excerpt', () => {
    const values = { ...person, manuscript_title: 'T'.repeat(250), due_date: '2026-12-19', editor_name: 'Dr. Editor' };
    const body = fillTemplate(DEFAULT_TEMPLATE.body, values).text;
    const subject = fillTemplate(DEFAULT_TEMPLATE.subject, values).text;
    const r = mailtoUrl({ to: 'maria.cohen@iisc.ac.in', subject, body });
    expect(r.truncated).toBe(false);
    expect(body).toContain('From the abstract: Sentence number 1 of a long abstract');
    expect(body).not.toContain('Sentence number 40');
    expect(body).toContain('report by 2026-12-19.');
    expect(body.endsWith('With best regards,\nDr. Editor')).toBe(true);
  });

  it('an excerpt ends at a sentence, else at a word, with "…"; a short abstract is whole', () => {
    expect(abstractExcerpt('One.  Two\nthree.')).toBe('One. Two three.');
    const cut = abstractExcerpt(long, 200);
    expect(cut).toMatch(/shores\. …$/);
    expect(encodeURIComponent(cut).length).toBeLessThanOrEqual(200);
    const words = abstractExcerpt('word '.repeat(200), 100);
    expect(words).toMatch(/^word( word)* …$/);
    expect(encodeURIComponent(words).length).toBeLessThanOrEqual(100);
    // Non-Latin text costs more once encoded: still within the bound.
    const greek = abstractExcerpt('Λειχήνες στις βραχώδεις ακτές. '.repeat(50));
    expect(encodeURIComponent(greek).length).toBeLessThanOrEqual(MAX_EXCERPT_ENCODED);
    expect(greek.endsWith(' …')).toBe(true);
    expect(abstractExcerpt(null)).toBe('');
    expect(abstractExcerpt('x'.repeat(1000), 20)).toBe(`${'x'.repeat(8)} …`);
  });

  it('never writes "by ." or an empty signature line: a line whose values are all empty is left out', () => {
    const body = fillTemplate(DEFAULT_TEMPLATE.body, { ...person, manuscript_title: 'Ice', due_date: '', editor_name: '' }).text;
    expect(body).not.toMatch(/by \./);
    expect(body).not.toContain('report by');
    expect(body.endsWith('With best regards,')).toBe(true);
    expect(body).not.toMatch(/\n\n\n/);
    // No abstract: its line goes, and no doubled blank line stays behind.
    const noAbstract = fillTemplate(DEFAULT_TEMPLATE.body, {
      ...person,
      abstract: '',
      manuscript_title: 'Ice',
      due_date: '2026-12-01',
    }).text;
    expect(noAbstract).not.toContain('From the abstract');
    expect(noAbstract).not.toMatch(/\n\n\n/);
    // A line with one value filled keeps its words; a one-line subject keeps its words too.
    expect(fillTemplate('a\nby {{due_date}} for {{name}}\nb', { name: 'X' }).text).toBe('a\nby  for X\nb');
    expect(fillTemplate('Invitation: {{manuscript_title}}', {}).text).toBe('Invitation: ');
    // Blank lines the editor typed stay as typed.
    expect(fillTemplate('a\n\n\nb', {}).text).toBe('a\n\n\nb');
  });

  it('the due date is counted in the editor’s calendar days', () => {
    expect(dueDateAfter(new Date(2026, 10, 28, 23, 30), 21)).toBe('2026-12-19');
    expect(dueDateAfter(new Date(2026, 11, 31, 0, 5), 1)).toBe('2027-01-01');
    expect(dueDateAfter(new Date(2028, 1, 28, 12), 1)).toBe('2028-02-29');
  });
});

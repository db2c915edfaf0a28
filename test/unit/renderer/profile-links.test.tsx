// The profile links of the candidates table and the candidate's details: a profile address from the service
// is linked only when it is https without credentials; javascript:, data:, file: and plain http are shown as no link.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { webHref } from '../../../electron/common/domain/links';
import { CandidateCard } from '../../../renderer/src/features/candidates/CandidateCard';
import { renderCell, type CellContext } from '../../../renderer/src/features/candidates/cells';
import { candidateRow } from '../domain/golden/rows';

const ATTACKS = [
  'javascript:alert(document.domain)',
  ' JaVaScRiPt:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'file:///etc/passwd',
  'http://profiles.example.org/ada',
  'https://user:secret@profiles.example.org/ada',
  'vbscript:msgbox(1)',
  'https://',
  `https://example.org/${'a'.repeat(3000)}`,
];

const hrefs = (html: string) => [...html.matchAll(/<a [^>]*href="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
const ctx: CellContext = { maxScore: 1, emailChars: 40, moved: new Map(), groupEffect: null, onOpen: () => {}, onCopied: () => {} };

const views = {
  table: (url: string) => renderToStaticMarkup(<>{renderCell('url', candidateRow(1, 0, { url }), ctx)}</>),
  details: (url: string) =>
    renderToStaticMarkup(<CandidateCard row={candidateRow(1, 0, { url })} history={null} manuscript={null} topScore={1} total={1} />),
};

describe('profile links', () => {
  it('webHref keeps https addresses and refuses every other scheme, credentials and overlong ones', () => {
    expect(webHref('https://profiles.example.org/ada?x=1&y=2')).toBe('https://profiles.example.org/ada?x=1&y=2');
    for (const url of ATTACKS) expect(webHref(url), url).toBeNull();
    expect(webHref(null)).toBeNull();
  });

  for (const [view, render] of Object.entries(views)) {
    it(`${view}: a profile address that is not https is not linked`, () => {
      for (const url of ATTACKS) {
        const html = render(url);
        expect(
          hrefs(html).filter((h) => !h.startsWith('mailto:')),
          url,
        ).toEqual([]);
      }
    });

    it(`${view}: an https profile address is linked`, () => {
      expect(hrefs(render('https://profiles.example.org/ada'))).toContain('https://profiles.example.org/ada');
    });
  }
});

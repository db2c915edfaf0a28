// The e-mail links of the candidates table and the candidate's details: an address from the service that
// carries a query or several recipients is shown as text, never as a link that adds a Bcc or a body.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CandidateCard } from '../../../renderer/src/features/candidates/CandidateCard';
import { EmailCell } from '../../../renderer/src/features/candidates/cells';
import { candidateRow } from '../domain/golden/rows';

const ATTACKS = [
  'ada@x.org?bcc=evil@x.org&body=Send%20the%20manuscript',
  'a@x.org,b@y.org',
  'a@x.org;b@y.org',
  'a@x.org%0D%0ABcc:e@x.org?',
];

/** The href of every link in the markup, entities decoded. */
const hrefs = (html: string) => [...html.matchAll(/<a [^>]*href="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));

/** What a mail client reads from each mailto: link: its recipients and header fields (RFC 6068). */
const mailLinks = (html: string) =>
  hrefs(html)
    .filter((h) => h.toLowerCase().startsWith('mailto:'))
    .map((h) => {
      const u = new URL(h);
      return { to: decodeURIComponent(u.pathname).split(','), headers: [...u.searchParams.keys()] };
    });

const views = {
  table: (email: string) => renderToStaticMarkup(<EmailCell row={candidateRow(1, 0, { email })} onCopied={() => {}} chars={40} />),
  details: (email: string) =>
    renderToStaticMarkup(<CandidateCard row={candidateRow(1, 0, { email })} history={null} manuscript={null} topScore={1} total={1} />),
};

describe('e-mail links', () => {
  for (const [view, render] of Object.entries(views)) {
    it(`${view}: an address with a query or several recipients is shown as text, with no link`, () => {
      for (const email of ATTACKS) {
        const html = render(email);
        expect(mailLinks(html), email).toEqual([]);
        expect(html, email).toContain(email.replace(/&/g, '&amp;'));
      }
    });

    it(`${view}: a single address links to exactly that one recipient, encoded`, () => {
      const html = render('zoë+rev@uib.no');
      expect(hrefs(html)).toContain('mailto:zo%C3%AB%2Brev@uib.no');
      expect(mailLinks(html)).toEqual([{ to: ['zoë+rev@uib.no'], headers: [] }]);
    });
  }
});

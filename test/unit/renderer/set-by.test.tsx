// Who made a decision about a person when a colleague did, through the editorial office: the flags' tooltips
// and the reviewer drawer say "set by ann on …"; the editor's own decisions say nothing extra.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { setByText } from '../../../electron/common/domain/authorRequests';
import type { PersonFlagRow } from '../../../electron/common/shapes';
import { FlagChips } from '../../../renderer/src/components/FlagChips';
import { SetByNote } from '../../../renderer/src/features/reviewers/PersonDecisions';

const at = Date.UTC(2026, 10, 28, 12);
const flag = (over: Partial<PersonFlagRow>): PersonFlagRow => ({
  authorId: 1,
  personId: 1,
  opposed: false,
  suggested: false,
  doNotInvite: null,
  bounced: false,
  ...over,
});
const titles = (html: string) => [...html.matchAll(/title="([^"]*)"/g)].map((m) => m[1]!);

describe('set by a colleague', () => {
  it('says who and when in the editor’s words, and nothing for the editor’s own', () => {
    expect(setByText({ login: 'ann', at })).toBe('set by ann on 28 Nov 2026');
    expect(setByText({ login: 'ann', at }, 'added')).toBe('added by ann on 28 Nov 2026');
    expect(setByText(null)).toBe('');
  });

  it('the do-not-invite and bounced chips name the colleague in their tooltip', () => {
    const by = { login: 'ann', at };
    const html = renderToStaticMarkup(
      <FlagChips flag={flag({ doNotInvite: { reason: 'Competitor', until: null, setBy: by }, bounced: true, bouncedBy: by })} compact />,
    );
    expect(titles(html)).toEqual([
      'Do not invite: Competitor — set by ann on 28 Nov 2026',
      'An invitation to this address bounced: drafts leave it out — set by ann on 28 Nov 2026',
    ]);
    const own = renderToStaticMarkup(
      <FlagChips flag={flag({ doNotInvite: { reason: 'Competitor', until: null, setBy: null }, bounced: true, bouncedBy: null })} />,
    );
    expect(own).not.toContain('set by');
  });

  it('the drawer’s note shows only for a colleague’s decision', () => {
    expect(renderToStaticMarkup(<SetByNote by={{ login: 'ann', at }} testId="x" />)).toContain('set by ann on 28 Nov 2026');
    expect(renderToStaticMarkup(<SetByNote by={null} testId="x" />)).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import { clientIdFor, contactProblems, orcidOf } from '../../../electron/common/domain/authors';

describe('group authors without a client id', () => {
  it('takes the ORCID, else the e-mail, else the name', () => {
    expect(clientIdFor({ name: 'Ann Lee', emails: ['Ann@Uni.edu'], orcids: ['https://orcid.org/0000-0002-1694-233x'] }, new Set())).toBe(
      '0000-0002-1694-233X',
    );
    expect(clientIdFor({ name: 'Ann Lee', emails: ['Ann@Uni.edu'], orcids: [] }, new Set())).toBe('ann@uni.edu');
    expect(clientIdFor({ name: 'Zoë  Ó Briain', emails: [], orcids: [] }, new Set())).toBe('zoe-o-briain');
  });

  it('never reuses an id already taken', () => {
    expect(clientIdFor({ name: 'Ann Lee', emails: [], orcids: [] }, new Set(['ann-lee', 'ann-lee-2']))).toBe('ann-lee-3');
  });

  it('checks e-mails and ORCIDs and says which one is wrong', () => {
    expect(contactProblems(['a@b.org'], ['0000-0002-1825-0097'])).toEqual([]);
    expect(contactProblems(['ann at uni'], ['12345'])).toEqual([
      'Emails: “ann at uni” is not an e-mail address (name@example.org).',
      'ORCIDs: “12345” is not an ORCID (four groups of four digits, e.g. 0000-0002-1825-0097).',
    ]);
    expect(orcidOf('0000-0002-1825-0097 ')).toBe('0000-0002-1825-0097');
  });

  it('checks the ORCID check digit (ISO 7064 MOD 11-2), an X included', () => {
    expect(orcidOf('0000-0002-1825-0098')).toBeNull();
    expect(orcidOf('0000-0003-0882-308X')).toBe('0000-0003-0882-308X');
    expect(contactProblems([], ['0000-0002-1825-0098'])).toEqual([
      'ORCIDs: “0000-0002-1825-0098” is not a valid ORCID: its last character does not match the others (check for a typo).',
    ]);
    // A CSV names its own columns.
    expect(contactProblems(['x'], [], { emails: 'Email', orcids: 'ORCID' })).toEqual([
      'Email: “x” is not an e-mail address (name@example.org).',
    ]);
    // An ORCID with a wrong check digit gives no client id.
    expect(clientIdFor({ name: 'Ann Lee', emails: [], orcids: ['0000-0002-1825-0098'] }, new Set())).toBe('ann-lee');
  });
});

import { describe, expect, it } from 'vitest';
import { clientIdFor, contactProblems, orcidOf } from '../../../electron/common/domain/authors';

describe('group authors without a client id', () => {
  it('takes the ORCID, else the e-mail, else the name', () => {
    expect(clientIdFor({ name: 'Ann Lee', emails: ['Ann@Uni.edu'], orcids: ['https://orcid.org/0000-0002-1825-009x'] }, new Set())).toBe(
      '0000-0002-1825-009X',
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
      '“ann at uni” is not an e-mail address.',
      '“12345” is not an ORCID (four groups of four digits, e.g. 0000-0002-1825-0097).',
    ]);
    expect(orcidOf('0000-0002-1825-0097 ')).toBe('0000-0002-1825-0097');
  });
});

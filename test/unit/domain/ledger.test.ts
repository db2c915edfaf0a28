// The reviewer ledger's merge rules (author_id, ORCID, e-mail) and the "author of another
// manuscript of the same folder" warning.
import { describe, expect, it } from 'vitest';
import { authorConflicts, chooseMerge, normalizeEmail, normalizeName, normalizeOrcid } from '../../../electron/common/domain/ledger';

describe('normalised identifiers', () => {
  it('reads an ORCID from a bare iD, a URL, spaces or a lower-case x, and refuses a wrong check digit', () => {
    expect(normalizeOrcid('0000-0002-1825-0097')).toBe('0000-0002-1825-0097');
    expect(normalizeOrcid('https://orcid.org/0000-0002-1825-0097')).toBe('0000-0002-1825-0097');
    expect(normalizeOrcid(' 0000 0002 1825 0097 ')).toBe('0000-0002-1825-0097');
    expect(normalizeOrcid('0000-0002-1694-233x')).toBe('0000-0002-1694-233X');
    expect(normalizeOrcid('0000-0002-1825-0098')).toBeNull();
    expect(normalizeOrcid('not an orcid')).toBeNull();
    expect(normalizeOrcid(null)).toBeNull();
  });

  it('lower-cases e-mail, drops mailto: and brackets, keeps plus tags, refuses what is not one address', () => {
    expect(normalizeEmail('  Jane.Doe@Example.ORG ')).toBe('jane.doe@example.org');
    expect(normalizeEmail('mailto:<jd@uni.edu>')).toBe('jd@uni.edu');
    expect(normalizeEmail('jd+review@uni.edu')).toBe('jd+review@uni.edu');
    expect(normalizeEmail('Müller@Uni-Köln.de')).toBe('müller@uni-köln.de');
    for (const bad of ['', 'no-at-sign', 'a@b', '@uni.edu', 'a@@uni.edu', 'a@uni.edu, b@uni.edu', 'a b@uni.edu'])
      expect(normalizeEmail(bad)).toBeNull();
  });

  it('compares names without case, diacritics or punctuation', () => {
    expect(normalizeName('  Łukasz  Nowak-Król ')).toBe('łukasz nowak krol');
    expect(normalizeName('José ÁLVAREZ')).toBe(normalizeName('jose alvarez'));
  });
});

describe('merge rules', () => {
  const person = (personId: number, ...members: Array<{ orcid?: string; email?: string }>) => ({
    personId,
    members: members.map((m) => ({ orcid: m.orcid ?? null, email: m.email ?? null })),
  });
  const X = '0000-0002-1825-0097';
  const Y = '0000-0001-5109-3700';

  it('an author_id with nothing in common starts a person of its own (rule author_id)', () => {
    expect(chooseMerge({ authorId: 1, orcid: X, email: 'a@x.org' }, [])).toEqual({ personId: null, rule: 'author_id' });
  });

  it('a shared ORCID merges, and wins over a shared e-mail', () => {
    const r = chooseMerge({ authorId: 2, orcid: X, email: 'a@x.org' }, [person(5, { email: 'a@x.org' }), person(9, { orcid: X })]);
    expect(r).toEqual({ personId: 9, rule: 'orcid' });
  });

  it('a shared e-mail merges when no ORCID contradicts it', () => {
    expect(chooseMerge({ authorId: 2, orcid: null, email: 'a@x.org' }, [person(5, { email: 'a@x.org', orcid: Y })])).toEqual({
      personId: 5,
      rule: 'email',
    });
    expect(chooseMerge({ authorId: 2, orcid: X, email: 'a@x.org' }, [person(5, { email: 'a@x.org' })])).toEqual({
      personId: 5,
      rule: 'email',
    });
  });

  it('a shared e-mail does not merge two different ORCIDs (one lab address, two researchers)', () => {
    expect(chooseMerge({ authorId: 2, orcid: X, email: 'lab@x.org' }, [person(5, { email: 'lab@x.org', orcid: Y })])).toEqual({
      personId: null,
      rule: 'author_id',
    });
  });

  it('ties go to the oldest person, whatever the order given', () => {
    expect(
      chooseMerge({ authorId: 3, orcid: null, email: 'a@x.org' }, [person(8, { email: 'a@x.org' }), person(4, { email: 'a@x.org' })]),
    ).toEqual({ personId: 4, rule: 'email' });
  });
});

describe('author of another manuscript of the same folder', () => {
  const others = [
    {
      manuscriptId: 10,
      title: 'Soil carbon',
      authors: [
        { name: 'Ana Pérez', email: 'ana@uni.es' },
        { name: 'Li Wei', orcid: '0000-0002-1825-0097' },
      ],
    },
    { manuscriptId: 11, title: 'River flow', authors: [{ name: 'John A. Smith' }] },
  ];

  it('matches by ORCID, by e-mail, or by last name and first initial', () => {
    expect(authorConflicts({ name: 'W. Li', email: null, orcid: 'https://orcid.org/0000-0002-1825-0097' }, others)).toEqual([
      { manuscriptId: 10, title: 'Soil carbon', author: 'Li Wei', by: 'orcid' },
    ]);
    expect(authorConflicts({ name: 'Someone Else', email: 'ANA@uni.es', orcid: null }, others)).toEqual([
      { manuscriptId: 10, title: 'Soil carbon', author: 'Ana Pérez', by: 'email' },
    ]);
    expect(authorConflicts({ name: 'J. Smith', email: null, orcid: null }, others)).toEqual([
      { manuscriptId: 11, title: 'River flow', author: 'John A. Smith', by: 'name' },
    ]);
    expect(authorConflicts({ name: 'Ana Perez', email: null, orcid: null }, others).map((c) => c.by)).toEqual(['name']);
  });

  it('says nothing for someone who wrote none of them', () => {
    expect(authorConflicts({ name: 'Maria Smith', email: 'm@x.org', orcid: '0000-0001-5109-3700' }, others)).toEqual([]);
    expect(authorConflicts({ name: 'Cher', email: null, orcid: null }, others)).toEqual([]);
  });
});

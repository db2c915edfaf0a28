import { describe, expect, it } from 'vitest';
import {
  MAX_REQUEST_LINES,
  MAX_REQUEST_TEXT,
  matchRequest,
  nameParts,
  parseRequests,
  pasteProblem,
  personKey,
  readEntry,
  sameName,
  type KnownPerson,
} from '../../../electron/common/domain/authorRequests';

const known: KnownPerson[] = [
  { authorId: 1, name: 'Josiah Carberry', email: 'JCarberry@Brown.edu', orcid: '0000-0002-1825-0097', affiliation: 'Brown University' },
  { authorId: 2, name: 'Ludwig van Beethoven', email: null, orcid: null, affiliation: 'Universität Bonn, Germany' },
  { authorId: 3, name: 'José María Núñez', email: 'jm.nunez@uam.es', orcid: null, affiliation: 'Universidad Autónoma de Madrid' },
  { authorId: 4, name: 'Anna Smith', email: 'anna@lab.org', orcid: null, affiliation: 'Uppsala University' },
  { authorId: 5, name: 'Andrew Smith', email: null, orcid: null, affiliation: 'University of Otago' },
  { authorId: 6, name: 'Kim Lee', email: 'shared@lab.org', orcid: '0000-0002-1694-233X', affiliation: 'KAIST' },
];
const match = (line: string) => matchRequest(readEntry(line)!, known);

describe('reading a pasted entry', () => {
  it('finds the ORCID with or without the https://orcid.org/ prefix, and refuses a wrong check digit', () => {
    expect(readEntry('Josiah Carberry, https://orcid.org/0000-0002-1825-0097')!.orcid).toBe('0000-0002-1825-0097');
    expect(readEntry('Josiah Carberry, ORCID: 0000000218250097')!.orcid).toBe('0000-0002-1825-0097');
    expect(readEntry('Kim Lee orcid.org/0000-0002-1694-233x')!.orcid).toBe('0000-0002-1694-233X');
    const wrong = readEntry('Josiah Carberry, 0000-0002-1825-0098')!;
    expect(wrong.orcid).toBeNull();
    expect(wrong.name).toBe('Josiah Carberry');
  });

  it('reads e-mail (lower-cased), name without "Dr." and the affiliation', () => {
    expect(readEntry('Dr. Anna Smith (Uppsala University, Anna@Lab.ORG)')).toEqual({
      line: 'Dr. Anna Smith (Uppsala University, Anna@Lab.ORG)',
      name: 'Anna Smith',
      email: 'anna@lab.org',
      orcid: null,
      affiliation: 'Uppsala University',
    });
    expect(readEntry('Prof. Dr. L. van Beethoven – Universität Bonn')!.name).toBe('L. van Beethoven');
    expect(readEntry('Smith, A., Uppsala University')).toMatchObject({ name: 'A. Smith', affiliation: 'Uppsala University' });
    expect(readEntry('- mailto:<jm.nunez@uam.es>')).toMatchObject({ name: 'jm.nunez@uam.es', email: 'jm.nunez@uam.es' });
    expect(readEntry('We suggest Dr. Anna Smith (Uppsala University) as a potential reviewer')).toMatchObject({
      name: 'Anna Smith',
      affiliation: 'Uppsala University',
    });
    expect(readEntry('Prof. Kim Lee, KAIST, who works on lichens')).toMatchObject({ name: 'Kim Lee', affiliation: 'KAIST' });
  });

  it('reads one person per line and prose alike', () => {
    const lines = parseRequests('Josiah Carberry, Brown University\n\n  Anna Smith, anna@lab.org\nKim Lee, KAIST, 0000-0002-1694-233X\n');
    expect(lines.map((p) => p.name)).toEqual(['Josiah Carberry', 'Anna Smith', 'Kim Lee']);
    const prose = parseRequests(
      'We would like to suggest the following reviewers: Dr. Anna Smith (Uppsala University, anna@lab.org); Prof. J. Carberry, Brown University ' +
        'and Dr. José María Núñez (Universidad Autónoma de Madrid). Please do not invite Ludwig van Beethoven, Universität Bonn.',
    );
    expect(prose.map((p) => p.name)).toEqual(['Anna Smith', 'J. Carberry', 'José María Núñez', 'Ludwig van Beethoven']);
    expect(prose.map((p) => p.affiliation)).toEqual([
      'Uppsala University',
      'Brown University',
      'Universidad Autónoma de Madrid',
      'Universität Bonn',
    ]);
  });

  it('refuses an empty paste, a whole letter and too many lines in the editor’s words', () => {
    expect(pasteProblem('  \n ')).toMatch(/Paste the names/);
    expect(pasteProblem('x'.repeat(MAX_REQUEST_TEXT + 1))).toMatch(/at most 20,000/);
    expect(pasteProblem('a\n'.repeat(MAX_REQUEST_LINES + 1))).toMatch(/lines; paste at most 200/);
    expect(pasteProblem('Anna Smith')).toBeNull();
  });
});

describe('matching an entry to a known person', () => {
  it('ORCID first, with or without the prefix', () => {
    expect(match('J. Carberry, https://orcid.org/0000-0002-1825-0097')).toEqual({ authorId: 1, rule: 'orcid' });
    expect(match('Somebody Else 0000-0002-1825-0097')).toEqual({ authorId: 1, rule: 'orcid' });
  });

  it('then e-mail whatever its case', () => {
    expect(match('Someone, jcarberry@BROWN.edu')).toEqual({ authorId: 1, rule: 'email' });
    expect(match('Someone, JM.Nunez@UAM.es')).toEqual({ authorId: 3, rule: 'email' });
  });

  it('an e-mail shared by a person with another ORCID is not a match', () => {
    expect(match('Pat Roe, shared@lab.org, 0000-0001-5109-3700')).toBeNull();
  });

  it('then name and affiliation: accents, particles, titles and initials', () => {
    expect(match('Dr. Jose Maria Nunez, Universidad Autonoma de Madrid')).toEqual({ authorId: 3, rule: 'name_affiliation' });
    expect(match('Prof. L. van Beethoven, University of Bonn')).toEqual({ authorId: 2, rule: 'name_affiliation' });
    expect(match('Ludwig Beethoven (Bonn)')).toEqual({ authorId: 2, rule: 'name_affiliation' });
    expect(match('A. Smith, Uppsala University')).toEqual({ authorId: 4, rule: 'name_affiliation' });
    expect(match('A. Smith, University of Otago')).toEqual({ authorId: 5, rule: 'name_affiliation' });
  });

  it('a name that fits two people, or a different affiliation, matches nobody; a lone name fitting one does, marked to check', () => {
    expect(match('A. Smith')).toBeNull();
    expect(match('Anna Smith, Lund University')).toBeNull();
    expect(match('Anna Smith')).toEqual({ authorId: 4, rule: 'name' });
    expect(match('Dr. Kim Lee')).toEqual({ authorId: 6, rule: 'name' });
  });

  it('name parts fold accents, case, particles and honorifics', () => {
    expect(nameParts('Dr. Ludwig VAN Beethoven')).toEqual({ family: 'beethoven', initials: 'l', given: ['ludwig'] });
    expect(nameParts('Núñez, José M.')).toEqual({ family: 'nunez', initials: 'jm', given: ['jose', 'm'] });
    expect(sameName('J. Carberry', 'Josiah Carberry')).toBe(true);
    expect(sameName('John Carberry', 'Josiah Carberry')).toBe(false);
    expect(sameName('Carberry', 'Josiah Carberry')).toBe(false);
  });

  it('shares a person by ORCID, else e-mail, else the folded name', () => {
    expect(personKey({ orcid: 'https://orcid.org/0000-0002-1825-0097', email: 'a@b.org', name: 'x' })).toBe('orcid:0000-0002-1825-0097');
    expect(personKey({ orcid: null, email: 'A@B.org', name: 'x' })).toBe('email:a@b.org');
    expect(personKey({ orcid: null, email: null, name: 'José Núñez' })).toBe('name:jose nunez');
  });
});

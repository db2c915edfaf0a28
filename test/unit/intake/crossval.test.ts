// The grouped cross-validation of intake on real material (electron/core/intake/crossval.ts): folds keep a
// source together, misses are sorted into the kinds, the check list is scored against wrong fields,
// and the loose alignment that labels real lines. Results are made here; no material is read.
import { describe, expect, it } from 'vitest';
import { MISS_KINDS, checkScore, groupFolds, missKinds, wrongFields } from '../../../electron/core/intake/crossval';
import { alignLoosely, scoreFile, type GroundTruth, type ManifestEntry } from '../../../electron/core/intake/evaluate';
import type { IntakeAuthor, IntakeResult } from '../../../electron/core/intake/types';

const entry = (id: string, source_repo: string, format = 'docx'): ManifestEntry => ({ id, file: `${id}.${format}`, format, source_repo });
const author = (name: string, more: Partial<IntakeAuthor> = {}): IntakeAuthor => ({
  name,
  affiliation: null,
  email: null,
  orcid: null,
  ...more,
});
const result = (over: Partial<IntakeResult>): IntakeResult => ({
  file: 'x.docx',
  format: 'docx',
  title: null,
  abstract: null,
  authors: [],
  references: null,
  error: null,
  ...over,
});
const kindsOf = async (gt: GroundTruth, over: Partial<IntakeResult>) =>
  (await missKinds(scoreFile(entry('D1', 'a/b'), gt, result(over)))).map((m) => m.kind);

describe('grouped folds', () => {
  const entries = [
    ...['P1', 'P2', 'P3', 'D1'].map((id) => entry(id, 'big/repo')),
    ...['P4', 'P5'].map((id) => entry(id, 'mid/repo')),
    ...['P6', 'P7'].map((id) => entry(id, 'other/repo')),
    entry('P8', 'one/a'),
    entry('P9', 'one/b'),
  ];

  it('put every source in exactly one fold, a DOCX with the PDF of the same source', () => {
    const folds = groupFolds(entries, 3);
    expect([...folds.keys()].sort()).toEqual(['big/repo', 'mid/repo', 'one/a', 'one/b', 'other/repo']);
    for (const f of folds.values()) expect([0, 1, 2]).toContain(f);
    const size = (k: number) => entries.filter((e) => folds.get(e.source_repo!) === k).length;
    expect([size(0), size(1), size(2)].sort()).toEqual([3, 3, 4]);
  });

  it('are the same on every run and whatever the manifest order', () => {
    expect([...groupFolds([...entries].reverse(), 3)].sort()).toEqual([...groupFolds(entries, 3)].sort());
  });
});

describe('miss kinds', () => {
  const title = 'Openness in peer review: a survey of reviewers across fields';

  it('tell a running head from a title cut after its first line and from words set without spaces', async () => {
    expect(await kindsOf({ title }, { title: 'PEER REVIEW OPENNESS' })).toEqual(['title: running head, heading or other line']);
    expect(await kindsOf({ title }, { title: 'Openness in peer review: a survey' })).toEqual(['title: cut after its first line']);
    // a whole title without spaces still scores (Levenshtein ratio ≥ 0.8); a name does not
    expect(await kindsOf({ title }, { title: 'Opennessinpeerreview:asurveyofreviewersacrossfields' })).toEqual([]);
    expect(await kindsOf({ authors: [{ name: 'Ana Maria Silva' }] }, { authors: [author('AnaMaria Silva')] })).toEqual([
      'words run together',
    ]);
    expect(await kindsOf({ title }, { title })).toEqual([]);
  });

  it('name addresses read as authors, cut long lists and a missing author block', async () => {
    const few = { authors: [{ name: 'Ana Silva' }, { name: 'Wei Zhang' }] };
    expect(await kindsOf(few, { authors: [author('Ana Silva'), author('Wei Zhang'), author('University of Porto, Portugal')] })).toEqual([
      'authors: affiliation or country read as author',
    ]);
    expect(await kindsOf(few, { authors: [author('Ana Silva'), author('Netherlands')] })).toEqual([
      'authors: name missed',
      'authors: affiliation or country read as author',
    ]);
    expect(await kindsOf(few, {})).toEqual(['authors: no author found', 'authors: no author found']);
    const many = { authors: Array.from({ length: 16 }, (_, i) => ({ name: `Author Number${String.fromCharCode(65 + i)}x` })) };
    const kinds = await kindsOf(many, { authors: many.authors.slice(0, 5).map((a) => author(a.name)) });
    expect(kinds).toHaveLength(11);
    expect(new Set(kinds)).toEqual(new Set(['authors: long list (15+) cut']));
  });

  it('tell a missed abstract from acknowledgements read as one, and count wrong and missed contacts', async () => {
    const gt = {
      abstract: 'We surveyed reviewers about open peer review and report what they said about it.',
      authors: [{ name: 'Ana Silva', email: 'ana@uni.pt' }],
    };
    expect(await kindsOf(gt, { authors: [author('Ana Silva', { email: 'ana@uni.pt' })] })).toEqual(['abstract: missed']);
    expect(
      await kindsOf(gt, {
        abstract: 'Acknowledgements. We thank the reviewers who answered the survey and the journal for its help.',
        authors: [author('Ana Silva', { email: 'silva@gmail.com' })],
      }),
    ).toEqual(['abstract: acknowledgements read as abstract', 'e-mail: missed', 'e-mail: wrong']);
    expect(MISS_KINDS).toContain('ORCID: only as a link annotation');
  });
});

describe('check list against wrong fields', () => {
  it('counts wrong filled fields by the truth (an affiliation by its words), empty ones apart, and the flagged ones among them', () => {
    const gt = {
      title: 'A study of things',
      authors: [
        { name: 'Ana Silva', email: 'ana@uni.pt', affiliation: 'University of Porto, Porto, Portugal' },
        { name: 'Wei Zhang', orcid: '0000-0002-1825-0097', affiliations: ['Peking University, Beijing, China'] },
      ],
    };
    const r = result({
      title: 'Running head',
      authors: [
        author('Ana Silva', { email: 'wei@uni.cn', affiliation: 'Institute of Zoology, Lisbon' }),
        author('Wei Zhang', { affiliation: 'School of Physics, Peking University, Beijing, China' }),
        author('Lisbon'),
      ],
      confidence: {
        title: 0.4,
        abstract: 1,
        authors: 1,
        perAuthor: [
          { name: 1, affiliation: 1, email: 0.5, orcid: 1 },
          { name: 1, affiliation: 1, email: 1, orcid: 1 },
          { name: 1, affiliation: 1, email: 1, orcid: 1 },
        ],
        signals: { emails: 1, unassignedEmails: 0, affiliationMarkers: 0, markersWithoutAuthor: 0 },
      },
    });
    const f = scoreFile(entry('D1', 'a/b'), gt, r);
    expect([...wrongFields(f)].sort()).toEqual(['author0.aff', 'author0.email', 'author2.name', 'authors_count', 'title']);
    expect(checkScore([f])).toEqual({ wrong: 5, empty: 1, flagged: 2, caught: 2 });
  });
});

describe('loose alignment of real lines', () => {
  const truth = {
    title: 'comparative study of the heavy quark dynamics with the fokker planck equation',
    abstract:
      'the fokker planck equation is a fundamental tool for the investigation of kinematic aspects of a wide range of systems governed by the entropy',
  };
  it('labels a line whose word pairs are the field’s, not one that only shares words', () => {
    expect(alignLoosely('systems governed by the non-additive entropy S, the', truth)).toBe('other');
    expect(alignLoosely('investigation of kinematic aspects of a wide range of systems governed by', truth)).toBe('abstract');
    expect(alignLoosely('Comparative study of the heavy-quark dynamics', truth)).toBe('title');
    expect(alignLoosely('the study of dynamics and of the equation', truth)).toBe('other');
  });
});

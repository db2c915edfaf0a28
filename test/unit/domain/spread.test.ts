import { describe, expect, it } from 'vitest';
import { ADDRESS_NAMES, COUNTRIES, COUNTRY_CODES, REGION_NAMES, countriesIn, countryOf } from '../../../electron/common/domain/countries';
import {
  CAREER_BANDS,
  CAREER_BANDS_TEXT,
  careerBand,
  institutionsOf,
  localConflicts,
  shortlistSpread,
  spreadParts,
} from '../../../electron/common/domain/spread';
import DATA from '../../../electron/common/domain/countries.json';

const code = (aff: string | null) => countryOf(aff)?.code ?? null;

describe('the country table', () => {
  it('carries its source and gives every entry an ISO code and an M49 region', () => {
    expect(DATA.source.join(' ')).toMatch(/M49/);
    expect(DATA.source.join(' ')).toMatch(/unstats\.un\.org/);
    expect(new Set(COUNTRY_CODES).size).toBe(COUNTRIES.length);
    for (const c of COUNTRIES) {
      expect(c.code).toMatch(/^[A-Z]{2}$/);
      expect(c.region).not.toBe('');
      expect(c.subregion).not.toBe('');
    }
    expect(countryOf('Paris, France')).toEqual({ code: 'FR', name: 'France', region: 'Europe', subregion: 'Western Europe' });
    expect(countryOf('Beijing, China')?.subregion).toBe('Eastern Asia');
    expect(countryOf('Nairobi, Kenya')?.subregion).toBe('Eastern Africa');
    expect(countryOf('Lima, Peru')?.subregion).toBe('South America');
  });

  it('keeps every name intake used to tell an address line (the forms are in one file for both)', () => {
    for (const n of [
      'USA',
      'U.S.A.',
      'UK',
      'U.K.',
      'P.R. China',
      'PR China',
      'England',
      'Scotland',
      'Wales',
      'Northern Ireland',
      'Korea',
      'Türkiye',
    ])
      expect(ADDRESS_NAMES).toContain(n);
  });

  it('lists regions and sub-regions and the countries in each', () => {
    expect(REGION_NAMES).toEqual(expect.arrayContaining(['Europe', 'Asia', 'Western Europe', 'Eastern Asia', 'South America']));
    expect(countriesIn('Western Europe')).toEqual(expect.arrayContaining(['FR', 'DE', 'NL', 'CH']));
    expect(countriesIn('Western Europe')).not.toContain('GB');
    expect(countriesIn('Europe')).toContain('GB');
  });
});

describe('countryOf', () => {
  it.each([
    ['Department of Physics, University of Oxford, Oxford OX1 3PU, UK', 'GB'],
    ['School of Informatics, University of Edinburgh, Edinburgh, Scotland', 'GB'],
    ['Cardiff University, Cardiff, Wales, U.K.', 'GB'],
    ['Department of Chemistry, Tsinghua University, Beijing 100084, P.R. China', 'CN'],
    ['Institute of Physics, Chinese Academy of Sciences, Beijing 100190, China', 'CN'],
    ['Department of Computer Science, Stanford University, Stanford, CA 94305, USA', 'US'],
    ['MIT, Cambridge, MA 02139 USA', 'US'],
    ['Department of Mathematics, University of Michigan, Ann Arbor, MI 48109', 'US'],
    ['Los Alamos National Laboratory, Los Alamos, New Mexico', 'US'],
    ['University of New Mexico, Albuquerque, NM 87131', 'US'],
    ['Universidad Nacional Autónoma de México, Ciudad de México, México', 'MX'],
    ['ETH Zürich, CH-8092 Zürich, Switzerland.', 'CH'],
    ['Seoul National University, Seoul 08826, Republic of Korea', 'KR'],
    ['KAIST, Daejeon, Korea', 'KR'],
    ['Universidade de São Paulo, São Paulo, SP, Brazil', 'BR'],
    ['Université Félix Houphouët-Boigny, Abidjan, Côte d’Ivoire', 'CI'],
    ['Delft University of Technology, Delft, The Netherlands', 'NL'],
    ['University of Sydney, Sydney, New South Wales', 'AU'],
    ['University of Toronto, Toronto, Ontario', 'CA'],
    ['National Taiwan University, Taipei, Taiwan (R.O.C.)', 'TW'],
    ['Max Planck Institute for Intelligent Systems, Tübingen, Germany; and University of Tübingen', 'DE'],
    ['University of Lagos, Akoka, Lagos State, Nigeria', 'NG'],
    ['Université Abdou Moumouni, Niamey, Niger', 'NE'],
    ['University of Papua New Guinea, Port Moresby', 'PG'],
  ])('%s → %s', (aff, expected) => expect(code(aff)).toBe(expected));

  it('reads "Georgia" alone as the country, and as the US state with a ZIP code, its abbreviation or USA after it', () => {
    expect(code('Ivane Javakhishvili Tbilisi State University, Tbilisi, Georgia')).toBe('GE');
    expect(code('Emory University, Atlanta, Georgia')).toBe('GE');
    expect(code('Georgia Institute of Technology, Atlanta, GA 30332, USA')).toBe('US');
    expect(code('University of Georgia, Athens, Georgia 30602')).toBe('US');
    expect(code('Emory University, Atlanta, GA')).toBe('US');
    expect(code('Emory University, Atlanta, Georgia, USA')).toBe('US');
  });

  it('does not read New Mexico as Mexico, New Jersey as Jersey, Indiana as India or Nigeria as Niger', () => {
    expect(code('Sandia National Laboratories, Albuquerque, New Mexico 87185')).toBe('US');
    expect(code('Sandia National Laboratories, New Mexico State')).toBe('US');
    expect(code('Rutgers University, Piscataway, New Jersey')).toBe('US');
    expect(code('Purdue University, West Lafayette, Indiana')).toBe('US');
    expect(code('Indian Institute of Science, Bangalore, India')).toBe('IN');
    expect(code('Ahmadu Bello University, Zaria, Nigeria')).toBe('NG');
  });

  it('matches short upper-case forms only as written', () => {
    expect(code('Imperial College London, London SW7 2AZ, UK')).toBe('GB');
    expect(code('Somewhere, uk')).toBeNull();
    expect(code('Khalifa University, Abu Dhabi, UAE')).toBe('AE');
  });

  it('answers null when no country is named, or for no affiliation', () => {
    expect(code(null)).toBeNull();
    expect(code('')).toBeNull();
    expect(code('  ')).toBeNull();
    expect(code('Department of Physics')).toBeNull();
    expect(code('Independent researcher')).toBeNull();
  });
});

describe('career bands', () => {
  it('puts an h-index in one band; the bands are stated once and leave no gap', () => {
    expect([0, 9, 10, 29, 30, 120].map(careerBand)).toEqual(['early', 'early', 'mid', 'mid', 'senior', 'senior']);
    expect(careerBand(null)).toBeNull();
    expect(careerBand(undefined)).toBeNull();
    expect(CAREER_BANDS_TEXT).toBe('early career below 10, mid-career 10–29, senior 30 or more');
    for (let i = 1; i < CAREER_BANDS.length; i++) expect(CAREER_BANDS[i]!.min).toBe(CAREER_BANDS[i - 1]!.max + 1);
  });
});

describe('institutionsOf', () => {
  it('keeps the parts naming an institution, not its departments, compared without case or accents', () => {
    expect(institutionsOf('Department of Physics, University of Oxford, Oxford, UK')).toEqual(['university of oxford']);
    expect(institutionsOf('Dept. of Chemistry; Université Paris-Saclay, Orsay, France')).toEqual(['universite paris saclay']);
    expect(institutionsOf('The Francis Crick Institute, London, UK')).toEqual(['francis crick institute']);
    expect(institutionsOf('Oxford, UK')).toEqual([]);
    expect(institutionsOf(null)).toEqual([]);
  });
});

describe('localConflicts', () => {
  it('names a shared institution and a shared country, and nothing for a person elsewhere', () => {
    const authors = ['Department of Physics, University of Oxford, Oxford, UK', undefined, 'Kyoto University, Kyoto, Japan'];
    expect(localConflicts('Dept. of Zoology, University of Oxford, UK', authors)).toEqual({
      sharesInstitution: true,
      sharesCountry: 'United Kingdom',
    });
    expect(localConflicts('University of Tokyo, Tokyo, Japan', authors)).toEqual({ sharesInstitution: false, sharesCountry: 'Japan' });
    expect(localConflicts('University of Bergen, Bergen, Norway', authors)).toEqual({ sharesInstitution: false, sharesCountry: null });
    expect(localConflicts(null, authors)).toEqual({ sharesInstitution: false, sharesCountry: null });
  });
});

describe('shortlistSpread', () => {
  const p = (affiliation: string | null, hIndex: number | null, sameAffiliationFlag = false) => ({
    affiliation,
    hIndex,
    sameAffiliationFlag,
  });
  const authors = ['Department of Physics, University of Oxford, Oxford, UK', 'Universität Wien, Vienna, Austria'];

  it('counts countries, regions, bands and what the shortlist shares with the authors', () => {
    const s = shortlistSpread(
      [
        p('Clarendon Laboratory, University of Oxford, Oxford OX1 3PU, United Kingdom', 35),
        p('Sorbonne Université, Paris, France', 12),
        p('CNRS, Grenoble, France', 4),
        p('University of Tokyo, Tokyo, Japan', null, true),
        p('Independent researcher', 22),
      ],
      authors,
    );
    expect(s).toEqual({
      people: 5,
      countries: [
        { code: 'FR', name: 'France', count: 2 },
        { code: 'JP', name: 'Japan', count: 1 },
        { code: 'GB', name: 'United Kingdom', count: 1 },
      ],
      regions: [
        { name: 'Western Europe', count: 2 },
        { name: 'Eastern Asia', count: 1 },
        { name: 'Northern Europe', count: 1 },
      ],
      unknownCountry: 1,
      bands: { early: 1, mid: 2, senior: 1, unknown: 1 },
      // Oxford by name, Tokyo as the service flagged it.
      sharesInstitution: 2,
      sharesCountry: 1,
      authorCountries: ['AT', 'GB'],
    });
    expect(spreadParts(s)).toEqual([
      '3 countries (1 not known)',
      '3 regions',
      'Western Europe 2, Eastern Asia 1, Northern Europe 1',
      'early career 1, mid-career 2, senior 1, h-index not known 1',
      '2 share an institution with the authors',
      '1 shares a country with the authors',
    ]);
  });

  it('says nothing for an empty shortlist', () => {
    const s = shortlistSpread([], authors);
    expect(s.people).toBe(0);
    expect(spreadParts(s)).toEqual([]);
  });
});

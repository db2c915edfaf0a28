import { describe, expect, it } from 'vitest';
import { abstractFromInvertedIndex } from '../../../electron/localservice/corpus/openalex';
import { Faults } from '../../../electron/localservice/faults';
import { Float, stringify } from '../../../electron/localservice/json';
import { Rng } from '../../../electron/localservice/prng';
import { nameKey, normDoi, normOrcid, splitName, terms } from '../../../electron/localservice/text';

describe('sandbox text helpers', () => {
  it('splits names with middles, suffixes and "Last, First" order', () => {
    expect(splitName('Deepa F. Wagner')).toEqual({ first: 'Deepa', middle: 'F.', last: 'Wagner', suffix: null });
    expect(splitName('Wagner, Deepa F.')).toEqual({ first: 'Deepa', middle: 'F.', last: 'Wagner', suffix: null });
    expect(splitName('John A. Smith Jr')).toEqual({ first: 'John', middle: 'A.', last: 'Smith', suffix: 'Jr' });
    expect(splitName('Plato')).toEqual({ first: '', middle: null, last: 'Plato', suffix: null });
  });

  it('name keys ignore middles, case and diacritics', () => {
    expect(nameKey('José M. Müller')).toBe(nameKey('jose muller'));
    expect(nameKey('Müller, José')).toBe('jose muller');
  });

  it('normalises DOIs and ORCIDs from URLs', () => {
    expect(normDoi('https://doi.org/10.7717/PeerJ.4375.')).toBe('10.7717/peerj.4375');
    expect(normOrcid('https://orcid.org/0000-0002-1825-009x')).toBe('0000-0002-1825-009X');
    expect(normOrcid('not an orcid')).toBeNull();
  });

  it('index terms drop stop words and fold plurals', () => {
    expect(terms('The networks of neural circuits, and the Network')).toEqual(['network', 'neural', 'circuit', 'network']);
  });
});

describe('sandbox JSON', () => {
  it('writes Float values as floats, other numbers untouched', () => {
    expect(stringify({ a: new Float(3), b: new Float(2.5), c: 3, d: [new Float(0)] })).toBe('{"a":3.0,"b":2.5,"c":3,"d":[0.0]}');
    expect(stringify({ s: 'text with "quotes"' })).toBe('{"s":"text with \\"quotes\\""}');
  });

  it('writes every finite Float as valid JSON, whole numbers from 1e21 up included (no "1e+21.0")', () => {
    const values = [1e21, -1e21, 1.5e300, 1e20, 123456789012345680000, 5e-324, -0, Number.MAX_SAFE_INTEGER, 0.1];
    const text = stringify({ v: values.map((v) => new Float(v)) });
    expect(text).toBe('{"v":[1e+21,-1e+21,1.5e+300,100000000000000000000.0,123456789012345680000.0,5e-324,0.0,9007199254740991.0,0.1]}');
    expect((JSON.parse(text) as { v: number[] }).v).toEqual(values.map((v) => (Object.is(v, -0) ? 0 : v)));
  });
});

describe('OpenAlex abstracts', () => {
  it('rebuilds text from the inverted index', () => {
    expect(abstractFromInvertedIndex({ Despite: [0], growing: [1], interest: [2, 4], in: [3] })).toBe(
      'Despite growing interest in interest',
    );
    expect(abstractFromInvertedIndex(null)).toBe('');
  });
});

describe('fault plans', () => {
  it('are deterministic for a seed, honour times, and add latencies', () => {
    const decisions = (seed: number) => {
      const f = new Faults(seed, [{ route: '*', kind: 'status', status: 503, rate: 0.5 }]);
      return Array.from({ length: 30 }, () => f.plan('upload', '/api/external/proposal/', 'POST').before !== undefined);
    };
    expect(decisions(1)).toEqual(decisions(1));
    expect(decisions(1)).not.toEqual(decisions(2));
    const f = new Faults(1, [
      { route: 'upload', kind: 'latency', latency_ms: 100, rate: 1 },
      { route: '*', kind: 'latency', latency_ms: 50, rate: 1 },
      { route: 'upload', kind: 'reset', times: 1, rate: 1 },
    ]);
    const first = f.plan('upload', '/api/external/proposal/', 'POST');
    expect(first.latencyMs).toBe(150);
    expect(first.after?.kind).toBe('reset');
    expect(f.plan('upload', '/api/external/proposal/', 'POST').after).toBeUndefined();
    expect(f.plan('custom_fields', '/api/external/custom-fields/all/', 'GET').latencyMs).toBe(50);
  });

  it('the PRNG repeats for a seed', () => {
    const a = new Rng(42);
    const b = new Rng(42);
    expect(Array.from({ length: 5 }, () => a.int(0, 1000))).toEqual(Array.from({ length: 5 }, () => b.int(0, 1000)));
  });
});

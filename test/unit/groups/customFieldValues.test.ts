// Custom-field values (spec §2.9): the check core and the editor share, and the conversion of CSV
// text cells per data_kind.
import { describe, expect, it } from 'vitest';
import { customFieldValueFromText, customFieldValueProblem, type CustomFieldDefinition } from '../../../electron/common/service';

const options = [
  { api_id: 'o-1', option: 'Methods' },
  { api_id: 'o-2', option: 'Statistics' },
  { api_id: 'o-3', option: 'Clinical' },
];
const field = (dataKind: string, name = 'F'): CustomFieldDefinition => ({
  name,
  dataKind,
  options: dataKind.endsWith('option') ? options : null,
});

describe('customFieldValueFromText', () => {
  it('reads an empty cell as no value, whatever the kind', () => {
    for (const k of ['number', 'str', 'date', 'single_option', 'multi_option'])
      expect(customFieldValueFromText(field(k), '  ')).toEqual({ ok: true, value: null });
  });

  it('converts numbers written with a dot and refuses anything else, naming the field', () => {
    expect(customFieldValueFromText(field('number'), ' 7 ')).toEqual({ ok: true, value: 7 });
    expect(customFieldValueFromText(field('number'), '-2.5')).toEqual({ ok: true, value: -2.5 });
    expect(customFieldValueFromText(field('number'), '1e3')).toEqual({ ok: true, value: 1000 });
    for (const bad of ['7,5', 'seven', '0x10', '1 000', 'Infinity']) {
      expect(customFieldValueFromText(field('number', 'Reviews completed'), bad)).toEqual({
        ok: false,
        problem: expect.stringMatching(/^Reviews completed must be a number/),
      });
    }
  });

  it('keeps text as it is (trimmed)', () => {
    expect(customFieldValueFromText(field('str'), '  Prefers email; not phone ')).toEqual({ ok: true, value: 'Prefers email; not phone' });
  });

  it('accepts calendar dates written YYYY-MM-DD only', () => {
    expect(customFieldValueFromText(field('date'), '2026-03-01')).toEqual({ ok: true, value: '2026-03-01' });
    for (const bad of ['2026-02-30', '01/03/2026', '2026-3-1', 'yesterday']) {
      expect(customFieldValueFromText(field('date', 'Last invited'), bad)).toEqual({
        ok: false,
        problem: expect.stringMatching(/^Last invited must be a date written YYYY-MM-DD/),
      });
    }
  });

  it('maps a single option by its label in any case, or by its api_id', () => {
    expect(customFieldValueFromText(field('single_option'), 'statistics')).toEqual({ ok: true, value: 'o-2' });
    expect(customFieldValueFromText(field('single_option'), 'o-3')).toEqual({ ok: true, value: 'o-3' });
    const bad = customFieldValueFromText(field('single_option', 'Availability'), 'Maybe');
    expect(bad).toEqual({ ok: false, problem: 'Availability: “Maybe” is not one of its options (Methods, Statistics, Clinical)' });
  });

  it('splits multiple options on ; or |, drops repeats, and names every unknown one', () => {
    expect(customFieldValueFromText(field('multi_option'), 'Methods | statistics;o-1')).toEqual({ ok: true, value: ['o-1', 'o-2'] });
    expect(customFieldValueFromText(field('multi_option', 'Expertise'), 'Methods|Botany;Zoology')).toEqual({
      ok: false,
      problem: 'Expertise: “Botany”, “Zoology” are not among its options (Methods, Statistics, Clinical)',
    });
  });

  it('refuses to write a kind this version does not know', () => {
    expect(customFieldValueFromText(field('geo_point', 'Location'), '1,2')).toEqual({
      ok: false,
      problem: expect.stringMatching(/^Location has a kind this version cannot write \(geo_point\)/),
    });
  });
});

describe('customFieldValueProblem', () => {
  it('accepts values of the right shape and null (cleared)', () => {
    expect(customFieldValueProblem(field('number'), 3)).toBeNull();
    expect(customFieldValueProblem(field('str'), 'x')).toBeNull();
    expect(customFieldValueProblem(field('date'), '2024-02-29')).toBeNull();
    expect(customFieldValueProblem(field('single_option'), 'o-1')).toBeNull();
    expect(customFieldValueProblem(field('multi_option'), ['o-1', 'o-3'])).toBeNull();
    expect(customFieldValueProblem(field('multi_option'), null)).toBeNull();
  });

  it('names the field of a value of the wrong shape', () => {
    expect(customFieldValueProblem(field('number', 'Reviews'), '3')).toBe('Reviews must be a number');
    expect(customFieldValueProblem(field('str', 'Notes'), 3)).toBe('Notes must be text');
    expect(customFieldValueProblem(field('date', 'Last invited'), '2023-02-29')).toBe('Last invited must be a date (YYYY-MM-DD)');
    expect(customFieldValueProblem(field('single_option', 'Availability'), 'o-9')).toBe('Availability must be one of its options');
    expect(customFieldValueProblem(field('multi_option', 'Expertise'), ['o-1', 'o-9'])).toBe('Expertise must be a list of its options');
    expect(customFieldValueProblem(field('multi_option', 'Expertise'), 'o-1')).toBe('Expertise must be a list of its options');
  });

  it('leaves a kind it does not know unchecked (shown read-only, sent back as given)', () => {
    expect(customFieldValueProblem(field('geo_point'), 'anything')).toBeNull();
  });
});

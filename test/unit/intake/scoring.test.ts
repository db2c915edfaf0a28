// How the intake bench compares names: case and accents do not count, other letters do (evaluate.ts normalise).
import { describe, expect, it } from 'vitest';
import { normalise } from '../../../electron/core/intake/evaluate';

describe('name comparison in the bench', () => {
  it('folds accents, including letters whose diacritic NFKD keeps whole (ı ł ø đ)', () => {
    expect(normalise('Mehmet Yılmaz')).toBe(normalise('MEHMET YILMAZ'));
    expect(normalise('Łukasz Ødegaard')).toBe('lukasz odegaard');
    expect(normalise('José María Pérez')).toBe(normalise('JOSE MARIA PEREZ'));
    expect(normalise('Đorđe')).toBe('dorde');
  });

  it('still tells different letters apart', () => {
    expect(normalise('Jörg Weiß')).not.toBe(normalise('Jörg Weiy'));
    expect(normalise('Yu T. Li')).not.toBe(normalise('Yu T. Lu'));
    expect(normalise('Ludwig Schröder')).not.toBe(normalise('Ludwig Schr Oder'));
  });
});

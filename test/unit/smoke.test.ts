import { describe, expect, it } from 'vitest';
describe('runner', () => {
  it('adds', () => expect(1 + 1).toBe(2));
  it.skip('skipped counted', () => {});
});

import { describe, expect, it } from 'vitest';
import { newWebhookSecret, safeEqual } from '../../../electron/core/webhook';

describe('webhook secrets', () => {
  it('makes URL-safe random secrets of 32 bytes by default, each different', () => {
    const a = newWebhookSecret();
    const b = newWebhookSecret();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    expect(newWebhookSecret(16)).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('compares equal strings as equal and anything else (other length, empty, one character off) as different', () => {
    expect(safeEqual('secret-value', 'secret-value')).toBe(true);
    expect(safeEqual('secret-valuE', 'secret-value')).toBe(false);
    expect(safeEqual('secret', 'secret-value')).toBe(false);
    expect(safeEqual('', 'secret-value')).toBe(false);
    expect(safeEqual('secret-value-and-more', 'secret-value')).toBe(false);
    expect(safeEqual('', '')).toBe(true);
  });
});

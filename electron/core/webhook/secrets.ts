// Secrets of the receiver (path token, basic-auth password) and the constant-time comparison
// used for every secret a request presents: path token, basic auth and api_key.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new random secret, URL-safe (base64url), from `bytes` random bytes (default 32 → 43 chars). */
export function newWebhookSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Path tokens and passwords the receiver accepts: base64url text of at least 16 characters. */
export const SECRET_PATTERN = /^[A-Za-z0-9_-]{16,256}$/;

const digest = (s: string): Buffer => createHash('sha256').update(s, 'utf8').digest();

/**
 * Compares two strings in time independent of where they differ and of the secret's length:
 * both sides are hashed first, so timingSafeEqual always compares 32 bytes.
 */
export function safeEqual(presented: string, expected: string): boolean {
  return timingSafeEqual(digest(presented), digest(expected));
}

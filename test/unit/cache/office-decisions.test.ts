// The shapes the editor's decisions travel in (cache/office-decisions.ts): what a colleague's event must be to
// be folded, and the bound on what one event may carry.
import { describe, expect, it } from 'vitest';
import {
  availabilityBody,
  bouncedBody,
  doNotInviteBody,
  entityOf,
  fitsEvent,
  isoDay,
  MAX_PERSON_IDS,
  MAX_SHARED_LINE,
  personRef,
  requestBody,
  roundBody,
} from '../../../electron/core/cache/office-decisions';

const ref = { authorIds: [11, 12], name: 'Ada Lovelace', email: 'ada@example.org', orcid: '0000-0002-1825-0097' };

describe('office decisions: event bodies', () => {
  it('a person is named by 1 to 50 positive author ids, a name and their ORCID and e-mail (or null), nothing else', () => {
    expect(personRef.safeParse(ref).success).toBe(true);
    expect(personRef.safeParse({ ...ref, email: null, orcid: null }).success).toBe(true);
    for (const bad of [
      { ...ref, authorIds: [] },
      { ...ref, authorIds: Array.from({ length: MAX_PERSON_IDS + 1 }, (_, i) => i + 1) },
      { ...ref, authorIds: [0] },
      { ...ref, authorIds: [1.5] },
      { ...ref, authorIds: ['11'] },
      { ...ref, authorIds: [2 ** 53] },
      { ...ref, name: '' },
      { ...ref, name: 'x'.repeat(501) },
      { ...ref, personId: 3 },
    ])
      expect([bad, personRef.safeParse(bad).success]).toEqual([bad, false]);
  });

  it('a do-not-invite sets a reason (trimmed, 1–500 characters) and a real last day, or removes', () => {
    const set = doNotInviteBody.parse({ person: ref, removed: false, reason: '  Competitor  ', until: '2028-02-29' });
    expect(set).toMatchObject({ removed: false, reason: 'Competitor', until: '2028-02-29' });
    expect(doNotInviteBody.parse({ person: ref, removed: true })).toEqual({ person: ref, removed: true });
    for (const bad of [
      { person: ref, removed: false, reason: '   ', until: null },
      { person: ref, removed: false, reason: 'x'.repeat(501), until: null },
      { person: ref, removed: false, reason: 'r', until: '2027-02-29' },
      { person: ref, removed: false, reason: 'r', until: '31.01.2030' },
      { person: ref, removed: false, reason: 'r' },
      { person: ref, removed: true, reason: 'r' },
      { person: ref, removed: 'no' },
    ])
      expect([bad, doNotInviteBody.safeParse(bad).success]).toEqual([bad, false]);
  });

  it('availability is a day or null, typed or from a decline', () => {
    expect(availabilityBody.safeParse({ person: ref, until: null, source: 'typed' }).success).toBe(true);
    expect(availabilityBody.safeParse({ person: ref, until: '2030-12-31', source: 'declined' }).success).toBe(true);
    expect(availabilityBody.safeParse({ person: ref, until: '2030-12-31', source: 'guessed' }).success).toBe(false);
    expect(isoDay.safeParse('2030-13-01').success).toBe(false);
  });

  it('a bounced address is one address as the cache keeps it (normalised)', () => {
    expect(bouncedBody.safeParse({ email: 'ada@example.org', bounced: true }).success).toBe(true);
    expect(bouncedBody.safeParse({ email: 'Ada@Example.org', bounced: true }).success).toBe(false);
    expect(bouncedBody.safeParse({ email: 'not an address', bounced: true }).success).toBe(false);
    expect(bouncedBody.safeParse({ email: 'ada@example.org', bounced: 'yes' }).success).toBe(false);
  });

  it('an authors’ request names its manuscript, kind and line; the match is an author id or null', () => {
    const entry = {
      originId: 'ms-1',
      kind: 'opposed',
      line: 'Dr. A. Rival, Elsewhere University',
      removed: false,
      name: 'A. Rival',
      email: null,
      orcid: null,
      affiliation: 'Elsewhere University',
      match: 42,
    };
    expect(requestBody.safeParse(entry).success).toBe(true);
    expect(requestBody.safeParse({ originId: 'ms-1', kind: 'opposed', line: 'x', removed: true }).success).toBe(true);
    for (const bad of [
      { ...entry, kind: 'neutral' },
      { ...entry, line: '' },
      { ...entry, line: 'x'.repeat(MAX_SHARED_LINE + 1) },
      { ...entry, originId: '' },
      { ...entry, match: -1 },
      { ...entry, authorId: 5 },
    ])
      expect(requestBody.safeParse(bad).success).toBe(false);
  });

  it('an invite-now count is 1 to 50', () => {
    expect(roundBody.safeParse({ originId: 'ms-1', inviteNow: 50 }).success).toBe(true);
    expect(roundBody.safeParse({ originId: 'ms-1', inviteNow: 0 }).success).toBe(false);
    expect(roundBody.safeParse({ originId: 'ms-1', inviteNow: 51 }).success).toBe(false);
  });

  it('a body fits an event when its jsonb text stays under 60,000 bytes', () => {
    expect(fitsEvent({ line: 'x'.repeat(59_000) })).toBe(true);
    expect(fitsEvent({ line: 'é'.repeat(30_000) })).toBe(false);
    // jsonb's ", " and ": " count: 20,000 one-digit items are 40,001 bytes as JSON and 60,000 as jsonb; one more is too many.
    expect(fitsEvent(Array.from({ length: 20_000 }, () => 1))).toBe(true);
    expect(fitsEvent(Array.from({ length: 20_001 }, () => 1))).toBe(false);
  });

  it('a request’s entity keeps kind and line apart, so one line opposed and suggested are two entities', () => {
    expect(entityOf.request('m', 'opposed', 'x')).not.toBe(entityOf.request('m', 'suggested', 'x'));
    expect(entityOf.request('m', 'opposed', 'a\u0000b')).not.toBe(entityOf.request('m\u0000a', 'opposed', 'b'));
  });
});

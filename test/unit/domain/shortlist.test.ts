// Shortlist statuses and transitions, a person's counts, the fatigue rule, reminders due and the
// export table (CSV and XLSX through the same export code as the candidates table).
import { describe, expect, it } from 'vitest';
import { parseCsv, toCsv } from '../../../electron/common/domain/csv';
import { toXlsx } from '../../../electron/common/domain/xlsx';
import {
  DAY_MS,
  DEFAULT_FATIGUE,
  SHORTLIST_STATUSES,
  acceptanceRate,
  applyStatus,
  fatigueSince,
  isReminderDue,
  ledgerTable,
  loadBadge,
  personCounts,
  shortlistTable,
  transitionError,
} from '../../../electron/common/domain/shortlist';
import type { ShortlistStatus } from '../../../electron/common/shapes';

describe('status transitions', () => {
  it('allows shortlisted → invited → accepted → closed, and the answers after an invitation', () => {
    const legal: Array<[ShortlistStatus, ShortlistStatus]> = [
      ['shortlisted', 'invited'],
      ['invited', 'accepted'],
      ['invited', 'declined'],
      ['invited', 'no_answer'],
      ['invited', 'shortlisted'],
      ['no_answer', 'accepted'],
      ['no_answer', 'invited'],
      ['declined', 'invited'],
      ['accepted', 'closed'],
    ];
    for (const [a, b] of legal) expect(transitionError(a, b), `${a} → ${b}`).toBeNull();
  });

  it('refuses the others with a sentence that says what can come next', () => {
    expect(transitionError('shortlisted', 'accepted')).toBe(
      'A person who is “Shortlisted” cannot become “Accepted”; next can be “Invited”.',
    );
    expect(transitionError('closed', 'invited')).toMatch(/finished/);
    expect(transitionError('invited', 'invited')).toMatch(/already “Invited”/);
    let legal = 0;
    for (const a of SHORTLIST_STATUSES) for (const b of SHORTLIST_STATUSES) if (transitionError(a, b) === null) legal++;
    expect(legal).toBe(11);
  });

  it('dates each move and throws on an illegal one without changing the entry', () => {
    const start = { status: 'shortlisted' as const, invitedAt: null, answeredAt: null, closedAt: null };
    const invited = applyStatus(start, 'invited', 1000);
    expect(invited).toEqual({ status: 'invited', invitedAt: 1000, answeredAt: null, closedAt: null });
    const accepted = applyStatus(invited, 'accepted', 2000);
    expect(accepted).toEqual({ status: 'accepted', invitedAt: 1000, answeredAt: 2000, closedAt: null });
    expect(applyStatus(accepted, 'closed', 3000)).toEqual({ status: 'closed', invitedAt: 1000, answeredAt: 2000, closedAt: 3000 });
    expect(applyStatus(invited, 'shortlisted', 1500)).toEqual(start);
    expect(() => applyStatus(start, 'declined', 5)).toThrow(/cannot become “Declined”/);
  });
});

describe('a person’s counts', () => {
  it('counts entries by status, reviewing = accepted and not closed, last invited, acceptance rate over answers', () => {
    const c = personCounts([
      { status: 'shortlisted', invitedAt: null },
      { status: 'invited', invitedAt: 50 },
      { status: 'accepted', invitedAt: 10 },
      { status: 'closed', invitedAt: 20 },
      { status: 'declined', invitedAt: 30 },
      { status: 'no_answer', invitedAt: 40 },
    ]);
    expect(c).toEqual({ shortlisted: 6, invited: 5, accepted: 2, declined: 1, noAnswer: 1, reviewing: 1, lastInvitedAt: 50 });
    expect(acceptanceRate(c)).toBe(0.5);
    expect(acceptanceRate(personCounts([{ status: 'invited', invitedAt: 1 }]))).toBeNull();
  });
});

describe('fatigue rule', () => {
  const s = DEFAULT_FATIGUE;
  it('defaults to K = 3, D = 180, R = 2', () => expect(s).toEqual({ k: 3, d: 180, r: 2 }));

  it('is busy at K invitations in the window or R reviews now, not one below', () => {
    expect(loadBadge({ invitedRecent: 2, reviewing: 1 }, s)).toEqual({ busy: false, reasons: [] });
    expect(loadBadge({ invitedRecent: 3, reviewing: 0 }, s)).toEqual({ busy: true, reasons: ['invited 3 times in the last 180 days'] });
    expect(loadBadge({ invitedRecent: 0, reviewing: 2 }, s)).toEqual({ busy: true, reasons: ['reviewing 2 manuscripts now'] });
    expect(loadBadge({ invitedRecent: 1, reviewing: 1 }, { k: 1, d: 30, r: 1 }).reasons).toEqual([
      'invited 1 times in the last 30 days',
      'reviewing 1 manuscript now',
    ]);
  });

  it('counts invitations from D days before now', () => {
    expect(fatigueSince(200 * DAY_MS, s)).toBe(20 * DAY_MS);
  });
});

describe('reminders due', () => {
  it('an invitation with no answer after N days is due; answered or younger ones are not', () => {
    const now = 100 * DAY_MS;
    expect(isReminderDue({ status: 'invited', invitedAt: now - 7 * DAY_MS }, now, 7)).toBe(true);
    expect(isReminderDue({ status: 'invited', invitedAt: now - 7 * DAY_MS + 1 }, now, 7)).toBe(false);
    expect(isReminderDue({ status: 'accepted', invitedAt: now - 30 * DAY_MS }, now, 7)).toBe(false);
    expect(isReminderDue({ status: 'shortlisted', invitedAt: null }, now, 7)).toBe(false);
  });
});

describe('shortlist export', () => {
  const entries = [
    {
      position: 2,
      name: 'Björn Öberg',
      email: 'bo@uni.se',
      orcid: null,
      affiliation: 'Uppsala',
      status: 'invited' as const,
      note: 'asked, "maybe"',
      dueDate: '2026-12-01',
      invitedAt: Date.UTC(2026, 10, 20),
      answeredAt: null,
      serviceMarked: true,
    },
    {
      position: 1,
      name: 'Ana Pérez',
      email: null,
      orcid: '0000-0002-1825-0097',
      affiliation: null,
      status: 'shortlisted' as const,
      note: '=cmd()',
      dueDate: null,
      invitedAt: null,
      answeredAt: null,
      serviceMarked: false,
    },
  ];

  it('writes the people in the editor’s order with notes and statuses (CSV)', () => {
    const t = shortlistTable(entries);
    const rows = parseCsv(toCsv(t.header, t.rows));
    expect(rows[0]).toEqual(t.header);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[5], r[6], r[7], r[8], r[10]])).toEqual([
      ['1', 'Ana Pérez', 'Shortlisted', "'=cmd()", '', '', ''],
      ['2', 'Björn Öberg', 'Invited', 'asked, "maybe"', '2026-12-01', '2026-11-20', 'yes'],
    ]);
  });

  it('the same table makes an XLSX with both names', () => {
    const t = shortlistTable(entries);
    const xlsx = new TextDecoder().decode(toXlsx('Shortlist', t.header, t.rows));
    expect(xlsx.indexOf('Ana Pérez')).toBeGreaterThan(0);
    expect(xlsx.indexOf('Ana Pérez')).toBeLessThan(xlsx.indexOf('Björn Öberg'));
  });
});

describe('Reviewers export', () => {
  it('one row per person in the order shown, with counts, last invited and the acceptance rate', () => {
    const counts = { shortlisted: 3, invited: 3, accepted: 2, declined: 1, noAnswer: 0, reviewing: 1, lastInvitedAt: Date.UTC(2026, 0, 5) };
    const t = ledgerTable([
      { name: 'Zoë Ødegård', affiliation: 'Bergen', email: 'z@uib.no', orcid: null, suggested: 9, acceptanceRate: 2 / 3, ...counts },
      { name: 'Li Wei', affiliation: null, email: null, orcid: null, suggested: 1, acceptanceRate: null, ...counts, lastInvitedAt: null },
    ]);
    const rows = parseCsv(toCsv(t.header, t.rows));
    expect(rows.slice(1).map((r) => [r[0], r[4], r[7], r[11], r[12]])).toEqual([
      ['Zoë Ødegård', '9', '2', '2026-01-05', '67 %'],
      ['Li Wei', '1', '2', '', ''],
    ]);
  });
});

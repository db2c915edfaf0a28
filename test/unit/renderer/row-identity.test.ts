// A ledger change reloads the candidates and refetches their load badges (data/queries.ts). The table's rows
// are memoised on their row object and each name cell listens to its own person's load: the candidates store
// and the query cache keep the previous object of everything that did not change, so only the changed rows
// and cells re-render.
import { beforeEach, describe, expect, it } from 'vitest';
import type { CandidateRow } from '../../../electron/common/shapes';
import { connect, resetWorkspace } from '../../../renderer/src/data/connect';
import { queryState, watchQuery } from '../../../renderer/src/data/queries';
import { useCandidates } from '../../../renderer/src/stores/candidates';
import { selectLoad } from '../../../renderer/src/stores/loads';
import { installFakeDesk, settle } from './fake-desk';
import { loadRow } from './load-row';

const RUN = 7;

const candidate = (i: number, over: Partial<CandidateRow> = {}): CandidateRow =>
  ({
    id: 100 + i,
    runId: RUN,
    rank: i,
    authorId: 500 + i,
    name: `Person ${i}`,
    email: `p${i}@example.org`,
    relevantConcepts: ['lichen'],
    authorsGroups: [],
    conflicts: { coauth_conflicts: false },
    conflictCount: 0,
    ...over,
  }) as CandidateRow;

beforeEach(() => resetWorkspace());

describe('a reload after a change keeps the objects of what did not change', () => {
  it('candidates: unchanged rows keep their object; an answer with no change keeps the array itself', async () => {
    let answer = [candidate(0), candidate(1), candidate(2)];
    const fake = installFakeDesk({ 'candidates.query': () => ({ rows: answer.map((r) => structuredClone(r)), total: answer.length }) });
    const off = connect(fake);
    await useCandidates.getState().open(RUN);
    const first = useCandidates.getState().rows;
    expect(first.map((r) => r.name)).toEqual(['Person 0', 'Person 1', 'Person 2']);

    // The rows depend on the ledger only through the busy and worked-with filters: none is set.
    fake.emit('data.changed', { topic: 'ledger' });
    await settle();
    expect(fake.count('candidates.query')).toBe(1);
    fake.emit('data.changed', { topic: 'marks' });
    await settle();
    expect(fake.count('candidates.query')).toBe(2);
    expect(useCandidates.getState().rows).toBe(first);

    answer = [candidate(0), candidate(1, { email: 'new@example.org' }), candidate(2)];
    fake.emit('data.changed', { topic: 'shortlist' });
    await settle();
    const second = useCandidates.getState().rows;
    expect(second).not.toBe(first);
    expect(second[0]).toBe(first[0]);
    expect(second[1]).not.toBe(first[1]);
    expect(second[1]!.email).toBe('new@example.org');
    expect(second[2]).toBe(first[2]);

    // Another order (a sort): the same objects, in a new array.
    answer = [candidate(2), candidate(0), candidate(1, { email: 'new@example.org' })];
    await useCandidates.getState().reload();
    expect(useCandidates.getState().rows).toEqual([second[2], second[0], second[1]]);
    expect(useCandidates.getState().rows[0]).toBe(second[2]);
    // With "Hide busy reviewers" on, a ledger change asks again.
    await useCandidates.getState().setQuery({ hideBusy: true });
    const asked = fake.count('candidates.query');
    fake.emit('data.changed', { topic: 'ledger' });
    await settle();
    expect(fake.count('candidates.query')).toBe(asked + 1);
    off();
  });

  it('loads: a cell’s selection changes only for the person whose load changed', async () => {
    let answer = [loadRow(500), loadRow(501), loadRow(502, { busy: true, reasons: ['Reviewing 2'] })];
    const fake = installFakeDesk({ 'ledger.loads': () => answer.map((r) => structuredClone(r)) });
    const off = connect(fake);
    const of = (authorId: number, runId = RUN) => selectLoad(runId, authorId)(queryState('ledger.loads', { runId }));
    expect(of(500)).toBeUndefined();
    const stop = watchQuery('ledger.loads', { runId: RUN });
    await settle();
    const before = [of(500), of(501), of(502)];
    expect(before[2]?.busy).toBe(true);
    // Another run's answer is nobody's load in this run.
    expect(of(500, RUN + 1)).toBeUndefined();

    answer = [loadRow(500), loadRow(501, { invitedRecent: 1, busy: true, reasons: ['Invited 1 time'] }), answer[2]!];
    fake.emit('data.changed', { topic: 'ledger' });
    await settle();
    expect(fake.count('ledger.loads')).toBe(2);
    expect(of(500)).toBe(before[0]);
    expect(of(501)).not.toBe(before[1]);
    expect(of(501)?.reasons).toEqual(['Invited 1 time']);
    expect(of(502)).toBe(before[2]);
    stop();
    off();
  });

  it('loads: a candidate the answer leaves out has zeros, the same object across answers; none before an answer', async () => {
    let answer = [loadRow(600, { busy: true, reasons: ['Reviewing 2'] })];
    const fake = installFakeDesk({ 'ledger.loads': () => answer.map((r) => structuredClone(r)) });
    const off = connect(fake);
    const of = (authorId: number) => selectLoad(RUN, authorId)(queryState('ledger.loads', { runId: RUN }));
    const other = watchQuery('ledger.loads', { runId: RUN + 2 });
    await settle();
    expect(of(601)).toBeUndefined();
    const stop = watchQuery('ledger.loads', { runId: RUN });
    await settle();
    const zero = of(601);
    expect(zero).toEqual(loadRow(601, { personId: null }));
    expect(of(601)).toBe(zero);
    answer = [...answer, loadRow(602, { invitedRecent: 1 })];
    fake.emit('data.changed', { topic: 'ledger' });
    await settle();
    expect(of(601)).toBe(zero);
    expect(of(602)?.invitedRecent).toBe(1);
    // a person whose load ends drops out of the answer and reads as zeros
    answer = [loadRow(602, { invitedRecent: 1 })];
    fake.emit('data.changed', { topic: 'ledger' });
    await settle();
    expect(of(600)).toMatchObject({ authorId: 600, busy: false, reasons: [] });
    other();
    stop();
    off();
  });
});

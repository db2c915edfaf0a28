// The author editor's draft: Save changes is possible only when a real field of the selected
// author changed, and sends exactly those fields.
import { describe, expect, it } from 'vitest';
import type { GroupAuthorRow } from '../../../electron/common/shapes';
import {
  changedFields,
  draftBase,
  draftOf,
  partialBody,
  partialProblem,
  replaceProblem,
} from '../../../renderer/src/features/groups/authorDraft';
import { customFieldRow } from '../../support/custom-field-row';

const field = (apiId: string, dataKind: string, name: string, options: string[] = []) =>
  customFieldRow(apiId, dataKind, name, { options: options.length ? options.map((o) => ({ api_id: o, option: o.toUpperCase() })) : null });
const fields = [
  field('f-num', 'number', 'Reviews'),
  field('f-many', 'multi_option', 'Expertise', ['m', 's', 'c']),
  field('f-geo', 'geo_point', 'Location'),
];

const author: GroupAuthorRow = {
  id: 1,
  groupId: 1,
  clientId: 'rev-1',
  name: 'Grace Hopper',
  emails: ['grace@example.org'],
  orcids: null,
  articles: null,
  affiliations: ['Yale University'],
  customFields: { 'f-num': 7, 'f-many': ['m', 's'], 'f-geo': { lat: 1, lon: 2 } },
  linkedAuthor: null,
  syncState: 'synced',
  fetchedAt: 1,
  updatedAt: 1,
};

describe('author draft', () => {
  it('has no change right after loading an author', () => {
    const d = draftOf(author);
    expect(changedFields(d, draftBase(d, [author]), fields)).toEqual([]);
    expect(partialProblem(d, [], fields)).toMatch(/Nothing changed/);
  });

  it('does not count an edited client id as a change, and has no author to edit partially under the new id', () => {
    const d = { ...draftOf(author), clientId: 'rev-2' };
    expect(draftBase(d, [author])).toBeNull();
    expect(changedFields(d, draftBase(d, [author]), fields)).toEqual([]);
    // Typing the id of another cached author does not make its fields "changed" either.
    const other = { ...author, id: 2, clientId: 'rev-2', name: 'Someone Else' };
    expect(changedFields(d, draftBase(d, [author, other]), fields)).toEqual([]);
  });

  it('finds only fields whose value differs: retyped values and reordered options are no change', () => {
    const d = {
      ...draftOf(author),
      name: ' Grace Hopper ',
      emails: 'grace@example.org;',
      custom: { ...author.customFields, 'f-many': ['s', 'm'] },
    };
    expect(changedFields(d, author, fields)).toEqual([]);
    const e = { ...d, affiliations: '', custom: { ...d.custom, 'f-num': 8 } };
    expect(changedFields(e, author, fields)).toEqual(['affiliations', 'f-num']);
    expect(partialBody(e, changedFields(e, author, fields))).toEqual({ affiliations: null, customFields: { 'f-num': 8 } });
  });

  it('never counts a read-only kind as changed', () => {
    const d = { ...draftOf(author), custom: { ...author.customFields, 'f-geo': 'edited' } };
    expect(changedFields(d, author, fields)).toEqual([]);
  });

  it('refuses a cleared name or a bad value among the changed fields', () => {
    const d = { ...draftOf(author), name: ' ' };
    expect(partialProblem(d, ['name'], fields)).toMatch(/needs a name/);
    const e = { ...draftOf(author), custom: { ...author.customFields, 'f-many': ['m', 'x'] } };
    expect(partialProblem(e, changedFields(e, author, fields), fields)).toBe('Expertise must be a list of its options.');
  });

  it('refuses a full replace that would clear a read-only value it cannot send back', () => {
    expect(replaceProblem(draftOf(author), fields)).toMatch(/^Location \(kind “geo_point”\) holds a value this version cannot send back/);
    expect(replaceProblem(draftOf({ ...author, customFields: { 'f-geo': 'kept as text' } }), fields)).toBeNull();
  });
});

// Wire DTOs and zod schemas of the referee-finder service (../shared/seed, spec §2, §4, §6).
// Parse tolerantly (unknown fields kept, nulls where the spec allows), strictly where the app
// reads a field (ARCHITECTURE.md §3 rule 7).
export * from './author';
export * from './customFields';
export * from './group';
export * from './journals';
export * from './upload';
export * from './webhook';

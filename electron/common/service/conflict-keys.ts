// The five v6 conflict flags of a candidate (spec §2), apart from upload.ts's zod schemas: the renderer's
// Candidates view needs the list, not zod (see test/e2e/web/shell-bundle.test.ts).
export const CONFLICT_KEYS = ['coauth_conflicts', 'aff_conflicts', 'retracted_articles', 'referenced_articles', 'external_coi'] as const;
export type ConflictKey = (typeof CONFLICT_KEYS)[number];

// Conflict-of-interest flags (spec §2.5, v6) in the words an editor reads on a badge and its tooltip.
import type { ConflictKey } from '../service';

export const CONFLICT_TEXT: Record<ConflictKey, { badge: string; explain: string }> = {
  coauth_conflicts: { badge: 'Co-author', explain: 'Has co-authored a paper with one of the manuscript’s authors.' },
  aff_conflicts: { badge: 'Same affiliation', explain: 'Shares an affiliation with one of the manuscript’s authors.' },
  retracted_articles: { badge: 'Retraction', explain: 'Has at least one retracted article.' },
  referenced_articles: { badge: 'Cited', explain: 'Their work is cited in the manuscript’s references.' },
  external_coi: { badge: 'External COI', explain: 'Your organization’s own conflict-of-interest data flags this person.' },
};

/** Badges for the flags that are set; a flag the response did not carry (pre-v6) is "unknown". */
export function conflictBadges(
  conflicts: Record<ConflictKey, boolean | null>,
): Array<{ key: ConflictKey; badge: string; explain: string; unknown: boolean }> {
  return (Object.keys(CONFLICT_TEXT) as ConflictKey[])
    .filter((k) => conflicts[k] !== false)
    .map((k) => ({ key: k, ...CONFLICT_TEXT[k], unknown: conflicts[k] === null }));
}

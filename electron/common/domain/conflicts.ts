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

/** At most this many evidence lines per flag, each at most this long: the service's detail is untrusted. */
export const EVIDENCE_LINES = 12;
const EVIDENCE_CHARS = 240;

export type ConflictEvidence = Partial<Record<ConflictKey, string[]>>;

const clip = (s: string) => {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > EVIDENCE_CHARS ? `${t.slice(0, EVIDENCE_CHARS - 1)}…` : t;
};

/** One piece of detail in words: a name, a reason, or an article as "Title (year)". */
function evidenceLine(v: unknown): string | null {
  if (typeof v === 'string') return v.trim() ? clip(v) : null;
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return null;
  const o = v as Record<string, unknown>;
  const label = [o.title, o.name, o.reason].find((x): x is string => typeof x === 'string' && x.trim() !== '');
  if (!label) return null;
  return clip(typeof o.year === 'number' ? `${label} (${o.year})` : label);
}

/**
 * The evidence the service sent with each set conflict flag of one candidate (its answer as stored):
 * v6 promises only `exists`; anything more (co-authors' names, shared affiliations, retracted or cited
 * articles, external reasons) is read as strings or as objects with a title, name or reason. A flag
 * without evidence is left out; the lines are bounded in count and length.
 */
export function conflictEvidence(candidate: unknown): ConflictEvidence {
  const out: ConflictEvidence = {};
  if (candidate === null || typeof candidate !== 'object') return out;
  for (const key of Object.keys(CONFLICT_TEXT) as ConflictKey[]) {
    const flag = (candidate as Record<string, unknown>)[key];
    if (flag === null || typeof flag !== 'object' || (flag as { exists?: unknown }).exists !== true) continue;
    const lines: string[] = [];
    for (const [field, value] of Object.entries(flag)) {
      if (field === 'exists') continue;
      for (const item of Array.isArray(value) ? value : [value]) {
        const line = evidenceLine(item);
        if (line !== null && !lines.includes(line)) lines.push(line);
        if (lines.length > EVIDENCE_LINES) break;
      }
    }
    if (lines.length > EVIDENCE_LINES) lines.splice(EVIDENCE_LINES, Infinity, `and more (${EVIDENCE_LINES} shown)`);
    if (lines.length > 0) out[key] = lines;
  }
  return out;
}

// The writes a crash trial queues, and the service state they must produce.
import type { AuthorFromGroupPatch, AuthorFromGroupPut, AuthorsGroupCreate, UploadFormInput } from '../../../electron/common/service';

export type Step =
  | { op: 'group'; key: string; input: AuthorsGroupCreate }
  | { op: 'put'; group: string; clientId: string; body: AuthorFromGroupPut }
  | { op: 'patch'; group: string; clientId: string; body: AuthorFromGroupPatch }
  | { op: 'delete'; group: string; clientId: string }
  | { op: 'upload'; form: UploadFormInput };

/** A seeded PRNG (mulberry32): the same seed gives the same trial. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Two groups created offline with authors queued against them, author edits and deletes, uploads and re-uploads. */
export function makePlan(trial: number, random: () => number): Step[] {
  const steps: Step[] = [];
  const prefix = `T${trial}`;
  for (const g of ['g1', 'g2']) {
    steps.push({
      op: 'group',
      key: g,
      input: { group_name: `${prefix}-${g}`, owner_team: 'Editorial Office', editor_teams: ['Section Editors'], viewer_teams: [] },
    });
    for (let a = 1; a <= 4; a++) {
      steps.push({ op: 'put', group: g, clientId: `a${a}`, body: { name: `Author ${a} of ${g}`, emails: [`a${a}.${g}@example.org`] } });
    }
    steps.push({ op: 'patch', group: g, clientId: 'a1', body: { orcids: ['0000-0002-1825-0097'] } });
    steps.push({ op: 'delete', group: g, clientId: 'a2' });
    steps.push({ op: 'put', group: g, clientId: 'a3', body: { name: `Author 3 of ${g}, renamed`, emails: null } });
  }
  for (let m = 1; m <= 3; m++) {
    steps.push({
      op: 'upload',
      form: {
        folder: 'CRASH',
        origin_id: `${prefix}-ms${m}`,
        title: `Protein folding kinetics ${m}`,
        abstract: 'Folding pathways of small proteins.',
        authors_count: 1,
        authors: [{ name: 'Grace Hopper' }],
        exclude_candidates: true,
      },
    });
  }
  steps.push({
    op: 'upload',
    form: {
      folder: 'CRASH-2',
      origin_id: `${prefix}-ms1`,
      title: 'Protein folding kinetics 1, revised',
      abstract: 'Revised.',
      authors_count: 1,
      authors: [{ name: 'Grace Hopper' }],
      exclude_candidates: true,
    },
  });
  // Shuffle uploads among the author writes without breaking any entity's order.
  return interleave(steps, random);
}

function interleave(steps: Step[], random: () => number): Step[] {
  const groupsFirst = steps.filter((s) => s.op !== 'upload');
  const uploads = steps.filter((s) => s.op === 'upload');
  const out: Step[] = [...groupsFirst];
  let last = 0;
  for (const u of uploads) {
    last = last + Math.floor(random() * (out.length - last + 1));
    out.splice(last, 0, u);
    last++;
  }
  return out;
}

export interface Intended {
  groups: Map<string, Map<string, Record<string, unknown>>>;
  /** The last title and folder of each manuscript, and how many uploads were queued for it. */
  manuscripts: Map<string, { title: string; folder: string; uploads: number }>;
}

/** What the service must hold after every step was applied exactly once, in order. */
export function intended(trial: number, steps: Step[]): Intended {
  const groups = new Map<string, Map<string, Record<string, unknown>>>();
  const manuscripts = new Map<string, { title: string; folder: string; uploads: number }>();
  const name = (key: string) => `T${trial}-${key}`;
  for (const s of steps) {
    if (s.op === 'group') groups.set(s.input.group_name, new Map());
    else if (s.op === 'put') groups.get(name(s.group))!.set(s.clientId, { emails: null, orcids: null, ...s.body });
    else if (s.op === 'patch') groups.get(name(s.group))!.set(s.clientId, { ...groups.get(name(s.group))!.get(s.clientId), ...s.body });
    else if (s.op === 'delete') groups.get(name(s.group))!.delete(s.clientId);
    else
      manuscripts.set(s.form.origin_id, {
        title: s.form.title,
        folder: s.form.folder,
        uploads: (manuscripts.get(s.form.origin_id)?.uploads ?? 0) + 1,
      });
  }
  return { groups, manuscripts };
}

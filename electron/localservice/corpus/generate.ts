// Deterministic demo corpus: the same seed always yields the same authors, articles, citations.
import type { Db } from '../db';
import { Rng } from '../prng';
import { nameKey } from '../text';
import {
  FIELDS,
  FILLER,
  FIRST_NAMES,
  INSTITUTIONS,
  LAST_NAMES,
  PUBLISHERS,
  SENTENCE_TEMPLATES,
  TITLE_TEMPLATES,
  VERBS,
  type FieldVocab,
} from './vocab';
import { recomputeAuthorStats } from './stats';

export interface GenerateOptions {
  seed: number;
  authors: number;
  articles: number;
  /** Last publication year of the corpus. */
  endYear: number;
}

interface GenAuthor {
  id: number;
  field: number;
  specialty: string[];
  lab: number;
  start: number;
  end: number;
  weight: number;
  /** [institution id, from year] in chronological order. */
  history: Array<[number, number]>;
}

/** ISO 7064 11,2 check digit, so generated ORCIDs are well-formed. */
function orcidFromBase(base: string): string {
  let total = 0;
  for (const ch of base) total = (total + Number(ch)) * 2;
  const r = (12 - (total % 11)) % 11;
  const check = r === 10 ? 'X' : String(r);
  const d = base + check;
  return `${d.slice(0, 4)}-${d.slice(4, 8)}-${d.slice(8, 12)}-${d.slice(12, 16)}`;
}

function fill(template: string, rng: Rng, field: FieldVocab, concepts: string[]): string {
  const words = rng.sample(field.words, 4);
  return template
    .replace('{C1}', concepts[0]!)
    .replace('{C2}', concepts[1] ?? concepts[0]!)
    .replace('{W1}', words[0]!)
    .replace('{W2}', words[1]!)
    .replace('{W3}', words[2]!)
    .replace('{W4}', words[3]!)
    .replace(/\{F\}/g, () => rng.pick(FILLER))
    .replace('{V}', rng.pick(VERBS));
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function generateCorpus(db: Db, opts: GenerateOptions): { authors: number; articles: number; citations: number } {
  const rng = new Rng(opts.seed);
  const startYear = opts.endYear - 35;

  const insPublisher = db.prepare('INSERT INTO publishers (name) VALUES (?)');
  const insJournal = db.prepare('INSERT INTO journals (title, publisher_id, field) VALUES (?, ?, ?)');
  const insInstitution = db.prepare('INSERT INTO institutions (name, city, country) VALUES (?, ?, ?)');
  const insAuthor = db.prepare(
    'INSERT INTO authors (id, first_name, middle_name, last_name, suffix, email, orcid, name_key) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const insAff = db.prepare('INSERT INTO author_affiliations (author_id, institution_id, start_year, end_year) VALUES (?, ?, ?, ?)');
  const insArticle = db.prepare(
    'INSERT INTO articles (id, doi, title, abstract, year, journal_id, retracted, concepts) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const insAuthorship = db.prepare('INSERT INTO authorships (article_id, author_id, position, institution_id) VALUES (?, ?, ?, ?)');
  const insCitation = db.prepare('INSERT OR IGNORE INTO citations (citing_id, cited_id) VALUES (?, ?)');

  const publisherIds = PUBLISHERS.map((p) => Number(insPublisher.run(p).lastInsertRowid));
  const journalsByField = FIELDS.map((f) =>
    f.journals.map((title) => Number(insJournal.run(title, rng.pick(publisherIds), f.name).lastInsertRowid)),
  );
  const institutionIds = INSTITUTIONS.map(([name, city, country]) => Number(insInstitution.run(name, city, country).lastInsertRowid));
  const institutionDomain = new Map(institutionIds.map((id, i) => [id, INSTITUTIONS[i]![3]]));

  // Labs: a field and a home institution; most co-authorship happens inside a lab.
  const labCount = Math.max(1, Math.round(opts.authors / 7));
  const labs = Array.from({ length: labCount }, (_, i) => ({ field: i % FIELDS.length, institution: rng.pick(institutionIds) }));

  const authors: GenAuthor[] = [];
  const usedNames = new Set<string>();
  const usedEmails = new Set<string>();
  for (let i = 0; i < opts.authors; i++) {
    const id = i + 1;
    const lab = rng.int(0, labCount - 1);
    const field = labs[lab]!.field;
    let first = '',
      last = '',
      middle: string | null = null;
    for (let attempt = 0; attempt < 30; attempt++) {
      first = rng.pick(FIRST_NAMES);
      last = rng.pick(LAST_NAMES);
      middle = rng.chance(0.3) ? `${String.fromCharCode(65 + rng.int(0, 25))}.` : null;
      if (!usedNames.has(nameKey(`${first} ${last}`))) break;
    }
    usedNames.add(nameKey(`${first} ${last}`));
    const suffix = rng.chance(0.015) ? rng.pick(['Jr', 'Sr', 'III']) : null;
    // Careers skew recent: more authors started in the last fifteen years.
    const start = opts.endYear - Math.floor(Math.pow(rng.next(), 1.6) * 34) - 1;
    const end = Math.min(opts.endYear, start + rng.int(6, 40));
    const history: Array<[number, number]> = [];
    const moves = rng.int(0, 2);
    let year = start;
    for (let m = 0; m < moves && year < end - 3; m++) {
      history.push([rng.pick(institutionIds), year]);
      year = rng.int(year + 2, Math.max(year + 2, Math.min(end - 1, year + 12)));
    }
    history.push([labs[lab]!.institution, year]);
    const current = history[history.length - 1]![0];
    let email: string | null = null;
    if (rng.chance(0.82)) {
      const local = `${first}.${last}`
        .toLowerCase()
        .normalize('NFKD')
        .replace(/[^a-z.]/g, '');
      email = `${local}@${institutionDomain.get(current)}`;
      for (let n = 2; usedEmails.has(email); n++) email = `${local}${n}@${institutionDomain.get(current)}`;
      usedEmails.add(email);
    }
    const orcid = rng.chance(0.7) ? orcidFromBase(`000${rng.int(0, 3)}${String(rng.int(0, 99999999999)).padStart(11, '0')}`) : null;
    const f = FIELDS[field]!;
    const specialty = rng.sample(f.concepts, 4);
    // A heavy tail: a few authors write far more than most.
    const weight = 1 / Math.pow(1 - rng.next() * 0.97, 0.9);
    insAuthor.run(id, first, middle, last, suffix, email, orcid, nameKey(`${first} ${last}`));
    history.forEach(([inst, from], k) => {
      const until = k + 1 < history.length ? history[k + 1]![1] - 1 : null;
      insAff.run(id, inst, from, until);
    });
    authors.push({ id, field, specialty, lab, start, end, weight, history });
  }

  const byLab = new Map<number, GenAuthor[]>();
  const byField = FIELDS.map(() => [] as GenAuthor[]);
  for (const a of authors) {
    (byLab.get(a.lab) ?? byLab.set(a.lab, []).get(a.lab)!).push(a);
    byField[a.field]!.push(a);
  }
  const cumulative: number[] = [];
  let total = 0;
  for (const a of authors) cumulative.push((total += a.weight));
  const pickLead = (): GenAuthor => {
    const x = rng.next() * total;
    let lo = 0,
      hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return authors[lo]!;
  };
  const institutionAt = (a: GenAuthor, year: number): number => {
    let inst = a.history[0]![0];
    for (const [i, from] of a.history) if (from <= year) inst = i;
    return inst;
  };

  // Plan articles (lead, year), then write them in year order so that citations point backwards.
  const plan = Array.from({ length: opts.articles }, () => {
    const lead = pickLead();
    return { lead, year: rng.int(Math.max(lead.start, startYear), lead.end) };
  }).sort((x, y) => x.year - y.year);

  const perField = FIELDS.map(() => ({ bag: [] as number[], byConcept: new Map<string, number[]>() }));
  let citations = 0;
  plan.forEach(({ lead, year }, idx) => {
    const id = idx + 1;
    const f = FIELDS[lead.field]!;
    const labmates = (byLab.get(lead.lab) ?? []).filter((a) => a !== lead && a.start <= year);
    const fieldmates = byField[lead.field]!;
    const team: GenAuthor[] = [lead];
    const size = rng.int(1, 6);
    for (let k = 1; k < size; k++) {
      const pool = rng.chance(0.7) && labmates.length ? labmates : fieldmates;
      const c = rng.pick(pool);
      if (c.start <= year && !team.includes(c)) team.push(c);
    }
    if (rng.chance(0.4) && team.length > 1) team.push(team.shift()!); // senior author last
    const concepts = rng.sample(lead.specialty, 2);
    const extra = rng.chance(0.5) ? rng.pick(f.concepts) : rng.pick(team[team.length - 1]!.specialty);
    if (!concepts.includes(extra)) concepts.push(extra);
    const title = capitalize(fill(rng.pick(TITLE_TEMPLATES), rng, f, rng.sample(concepts, 2)));
    const sentences: string[] = [];
    const n = rng.int(4, 6);
    for (let s = 0; s < n; s++) sentences.push(capitalize(fill(rng.pick(SENTENCE_TEMPLATES), rng, f, rng.sample(concepts, 2))));
    const journal = rng.pick(journalsByField[lead.field]!);
    insArticle.run(
      id,
      `10.5555/sbx.${year}.${id}`,
      title,
      sentences.join(' '),
      year,
      journal,
      rng.chance(0.003) ? 1 : 0,
      JSON.stringify(concepts),
    );
    team.forEach((a, pos) => insAuthorship.run(id, a.id, pos + 1, institutionAt(a, year)));

    const pf = perField[lead.field]!;
    const cites = new Set<number>();
    const want = rng.int(6, 18);
    for (let t = 0; t < want * 2 && cites.size < want; t++) {
      let target: number | undefined;
      if (rng.chance(0.55)) {
        const list = pf.byConcept.get(rng.pick(concepts));
        if (list?.length) target = rng.pick(list);
      } else if (pf.bag.length) {
        target = rng.pick(pf.bag);
      }
      if (target !== undefined) cites.add(target);
    }
    for (const t of cites) {
      insCitation.run(id, t);
      pf.bag.push(t); // preferential attachment: cited papers get cited more
      citations++;
    }
    pf.bag.push(id);
    for (const c of concepts) (pf.byConcept.get(c) ?? pf.byConcept.set(c, []).get(c)!).push(id);
  });

  db.exec('UPDATE articles SET cited_by_count = (SELECT COUNT(*) FROM citations WHERE cited_id = articles.id)');
  recomputeAuthorStats(db);
  return { authors: authors.length, articles: plan.length, citations };
}

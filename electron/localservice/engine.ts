// The candidate engine: ranks corpus authors for a manuscript by BM25 over their articles,
// computes the v6 conflict objects, applies bounds, organisation and folder settings.
import type { AuthorRec, Corpus } from './corpus/model';
import { nameKey, normEmail, normOrcid, terms } from './text';
import { Float } from './json';

export interface ManuscriptAuthor {
  name: string | null;
  aff: string | null;
  orcid: string | null;
  email: string | null;
}

export interface ManuscriptInput {
  title: string;
  abstract: string;
  text: string;
  authors: ManuscriptAuthor[];
  /** Emails and ORCIDs found in the file that are not tied to a named author. */
  extraEmails: string[];
  extraOrcids: string[];
  references: string[];
}

export interface Bounds {
  min_h_index?: number;
  max_h_index?: number;
  min_academic_age?: number;
  max_academic_age?: number;
  min_articles_count?: number;
  max_articles_count?: number;
}

export interface GroupSetting {
  id: number;
  name: string;
  label: string | null;
  /** Corpus author id → client ids of the group's records linked to that author. */
  members: Map<number, string[]>;
}

export interface RfSettings {
  groups: GroupSetting[];
  effect: 'highlight' | 'limit_to' | 'boost';
  boost_multiplier: number;
}

export interface ExternalConflict {
  author_id: number | null;
  orcid: string | null;
  email: string | null;
  reason: string | null;
}

export interface EngineOptions {
  bounds: Bounds;
  excludeConflicted: boolean;
  excludeWithoutEmail: boolean;
  limit: number;
  rf: RfSettings | null;
  externalConflicts: ExternalConflict[];
  marked: Set<number>;
  referenceYear: number;
  profileUrl: (authorId: number) => string;
  articleUrl: (articleId: number) => string;
}

export interface Analysis {
  concepts: string[];
  selfIds: Set<number>;
  coauthors: Map<number, Set<number>>;
  institutions: Set<number>;
  referenced: Set<number>;
  scores: Float32Array;
  /** Every article with a score, best first. */
  all: number[];
  /** The best TOP_ARTICLES of them: what candidates are drawn from. */
  ranked: number[];
}

const QUERY_TERMS = 160;
const TOP_ARTICLES = 3000;

/** Parses the manuscript once: query terms, concepts, its authors in the corpus, matched references. */
export function analyse(corpus: Corpus, m: ManuscriptInput): Analysis {
  const tf = new Map<string, number>();
  const add = (text: string, w: number) => {
    for (const t of terms(text)) tf.set(t, (tf.get(t) ?? 0) + w);
  };
  add(m.title, 3);
  add(m.abstract, 2);
  add(m.text, 1);
  const weighted = [...tf]
    .filter(([t]) => corpus.hasTerm(t))
    .map(([t, f]) => [t, (1 + Math.log(f)) * corpus.idf(t)] as const)
    .sort((a, b) => b[1] - a[1])
    .slice(0, QUERY_TERMS);
  const query = new Map(weighted.map(([t]) => [t, 1 + Math.log(tf.get(t)!)]));

  const conceptCounts = corpus.findConcepts(`${m.title}\n${m.title}\n${m.abstract}\n${m.text}`);
  const concepts = [...conceptCounts]
    .map(([c, n]) => [c, n * Math.log(1 + corpus.articleCount / (corpus.conceptDf.get(c) ?? 1))] as const)
    .sort((a, b) => b[1] - a[1])
    .map(([c]) => c);

  const selfIds = new Set<number>();
  const institutions = new Set<number>();
  for (const a of m.authors) {
    for (const id of matchManuscriptAuthor(corpus, a)) selfIds.add(id);
    if (a.aff) for (const inst of corpus.institutionsIn(a.aff)) institutions.add(inst.id);
  }
  for (const e of m.extraEmails) for (const id of corpus.byEmail.get(normEmail(e)) ?? []) selfIds.add(id);
  for (const o of m.extraOrcids) for (const id of corpus.byOrcid.get(normOrcid(o) ?? '') ?? []) selfIds.add(id);
  const coauthors = new Map<number, Set<number>>();
  for (const id of selfIds) {
    const inst = corpus.institutionAt(id);
    if (inst) institutions.add(inst.id);
    for (const art of corpus.authorArticles.get(id) ?? []) {
      for (const co of corpus.articleAuthors[art]!) {
        if (co === id) continue;
        (coauthors.get(co) ?? coauthors.set(co, new Set()).get(co)!).add(id);
      }
    }
  }
  const referenced = new Set<number>();
  for (const ref of m.references) {
    const hit = corpus.matchReference(ref);
    if (hit !== undefined) referenced.add(hit);
  }

  const { scores, touched } = corpus.search(query);
  touched.sort((a, b) => scores[b]! - scores[a]!);
  return { concepts, selfIds, coauthors, institutions, referenced, scores, all: touched, ranked: touched.slice(0, TOP_ARTICLES) };
}

/** Corpus authors a manuscript author is: by ORCID, else email, else name (narrowed by affiliation). */
export function matchManuscriptAuthor(corpus: Corpus, a: ManuscriptAuthor): number[] {
  const orcid = a.orcid ? normOrcid(a.orcid) : null;
  if (orcid && corpus.byOrcid.has(orcid)) return corpus.byOrcid.get(orcid)!;
  if (a.email && corpus.byEmail.has(normEmail(a.email))) return corpus.byEmail.get(normEmail(a.email))!;
  if (!a.name) return [];
  const byName = corpus.byNameKey.get(nameKey(a.name)) ?? [];
  if (byName.length <= 1 || !a.aff) return byName;
  const insts = new Set(corpus.institutionsIn(a.aff).map((i) => i.id));
  const narrowed = byName.filter((id) => (corpus.affiliations.get(id) ?? []).some((h) => insts.has(h.institution_id)));
  return narrowed.length ? narrowed : byName;
}

export function candidates(corpus: Corpus, an: Analysis, opts: EngineOptions): Array<Record<string, unknown>> {
  const perAuthor = new Map<number, number[]>();
  for (const art of an.ranked) {
    for (const author of corpus.articleAuthors[art]!) {
      const list = perAuthor.get(author);
      if (list) list.push(art);
      else perAuthor.set(author, [art]);
    }
  }
  const rf = opts.rf;
  const groupMembers = new Set<number>();
  if (rf) for (const g of rf.groups) for (const id of g.members.keys()) groupMembers.add(id);
  if (rf?.effect === 'limit_to') {
    for (const id of [...perAuthor.keys()]) if (!groupMembers.has(id)) perAuthor.delete(id);
    for (const id of groupMembers) if (!perAuthor.has(id) && corpus.authors.has(id)) perAuthor.set(id, []);
  }

  const scored: Array<{ id: number; score: number; arts: number[] }> = [];
  for (const [id, arts] of perAuthor) {
    if (an.selfIds.has(id)) continue;
    let score = 0;
    arts.forEach((art, i) => {
      if (i < 5) score += an.scores[art]! / (i + 1);
    });
    if (rf?.effect === 'boost' && groupMembers.has(id)) score *= rf.boost_multiplier;
    scored.push({ id, score, arts });
  }
  scored.sort((a, b) => b.score - a.score || a.id - b.id);

  const b = opts.bounds;
  const out: Array<Record<string, unknown>> = [];
  for (const { id, score, arts } of scored) {
    if (out.length >= opts.limit) break;
    const a = corpus.authors.get(id);
    if (!a) continue;
    const age = academicAge(a, opts.referenceYear);
    if (b.min_h_index !== undefined && a.h_index < b.min_h_index) continue;
    if (b.max_h_index !== undefined && a.h_index > b.max_h_index) continue;
    if (b.min_academic_age !== undefined && age < b.min_academic_age) continue;
    if (b.max_academic_age !== undefined && age > b.max_academic_age) continue;
    if (b.min_articles_count !== undefined && a.articles_count < b.min_articles_count) continue;
    if (b.max_articles_count !== undefined && a.articles_count > b.max_articles_count) continue;
    if (opts.excludeWithoutEmail && !a.email) continue;
    const conflicts = conflictsOf(corpus, an, a, opts);
    if (opts.excludeConflicted && Object.values(conflicts).some((c) => c.exists)) continue;
    out.push({
      ...candidateBase(corpus, a, score, relevantConcepts(corpus, an, arts), opts),
      authors_groups: authorsGroupsOf(rf, id),
      marked: opts.marked.has(id),
      ...conflicts,
    });
  }
  return out;
}

export function academicAge(a: AuthorRec, referenceYear: number): number {
  return a.first_year === null ? 0 : Math.max(0, referenceYear - a.first_year);
}

/** The fields shared by the upload response and the webhook payload (§2.5, §6). */
export function candidateBase(
  corpus: Corpus,
  a: AuthorRec,
  score: number,
  concepts: string[],
  opts: Pick<EngineOptions, 'profileUrl'>,
): Record<string, unknown> {
  const inst = corpus.institutionAt(a.id);
  return {
    name: corpus.authorName(a),
    first_name: a.first_name,
    last_name: a.last_name,
    middle_name: a.middle_name,
    suffix: a.suffix,
    author_id: a.id,
    email: a.email,
    orcid: a.orcid,
    affiliation: inst ? [inst.name, inst.city, inst.country].filter(Boolean).join(', ') : null,
    articlesCount: a.articles_count,
    citationsCount: a.citations_count,
    hIndex: a.h_index,
    score: new Float(Math.round(score * 10000) / 10000),
    url: opts.profileUrl(a.id),
    relevant_concepts: concepts,
  };
}

export function authorsGroupsOf(rf: RfSettings | null, authorId: number): Array<{ group_id: number; client_id: string | null }> {
  const out: Array<{ group_id: number; client_id: string | null }> = [];
  for (const g of rf?.groups ?? []) for (const cid of g.members.get(authorId) ?? []) out.push({ group_id: g.id, client_id: cid });
  return out;
}

function relevantConcepts(corpus: Corpus, an: Analysis, arts: number[]): string[] {
  const mine = new Set<string>();
  for (const art of arts.slice(0, 10)) for (const c of corpus.concepts[art]!) mine.add(c);
  const shared = an.concepts.filter((c) => mine.has(c));
  return (shared.length ? shared : [...mine]).slice(0, 5);
}

function conflictsOf(corpus: Corpus, an: Analysis, a: AuthorRec, opts: EngineOptions) {
  const arts = corpus.authorArticles.get(a.id) ?? [];
  const article = (i: number) => ({
    id: corpus.articleIds[i]!,
    title: corpus.title[i]!,
    year: corpus.year[i]!,
    prophy_url: opts.articleUrl(corpus.articleIds[i]!),
  });
  const coWith = [...(an.coauthors.get(a.id) ?? [])].map((id) => corpus.authorName(corpus.authors.get(id)!));
  const hist = corpus.affiliations.get(a.id) ?? [];
  const current = hist[hist.length - 1];
  const sharedInst = current && an.institutions.has(current.institution_id) ? [corpus.institutions.get(current.institution_id)!.name] : [];
  const retracted = arts.filter((i) => corpus.retracted[i] === 1).map(article);
  const referenced = arts.filter((i) => an.referenced.has(i)).map(article);
  const email = a.email?.toLowerCase() ?? null;
  const external = opts.externalConflicts.filter(
    (c) =>
      c.author_id === a.id ||
      (c.orcid !== null && c.orcid === a.orcid) ||
      (c.email !== null && email !== null && c.email.toLowerCase() === email),
  );
  return {
    coauth_conflicts: { exists: coWith.length > 0, coauthors: coWith },
    aff_conflicts: { exists: sharedInst.length > 0, affiliations: sharedInst },
    retracted_articles: { exists: retracted.length > 0, articles: retracted },
    referenced_articles: { exists: referenced.length > 0, articles: referenced },
    external_coi: { exists: external.length > 0, reasons: external.map((c) => c.reason).filter((r): r is string => !!r) },
  };
}

export interface JournalOptions {
  onlyJournals: Set<number> | null;
  links: Map<number, { folder_id: number; folder_name: string }>;
  limit: number;
}

/** Journals ranked by the summed relevance of their best articles (at most 10 each). */
export function recommendJournals(corpus: Corpus, an: Analysis, opts: JournalOptions): Array<Record<string, unknown>> {
  const perJournal = new Map<number, number[]>();
  for (const art of an.all) {
    const j = corpus.journal[art]!;
    if (!j || (opts.onlyJournals && !opts.onlyJournals.has(j))) continue;
    const list = perJournal.get(j) ?? [];
    if (list.length < 10) list.push(art);
    perJournal.set(j, list);
  }
  return [...perJournal]
    .map(([j, arts]) => ({ j, arts, score: arts.reduce((s, art) => s + an.scores[art]!, 0) }))
    .sort((a, b) => b.score - a.score || a.j - b.j)
    .slice(0, opts.limit)
    .map(({ j, arts, score }) => {
      const journal = corpus.journals.get(j)!;
      const link = opts.links.get(j);
      return {
        id: j,
        title: journal.title,
        score: new Float(Math.round(score * 10000) / 10000),
        publisher_name: journal.publisher_name,
        folder_id: link?.folder_id ?? null,
        folder_name: link?.folder_name ?? null,
        relevant_articles: arts.map((art) => ({ id: corpus.articleIds[art]!, title: corpus.title[art]!, year: corpus.year[art]! })),
      };
    });
}

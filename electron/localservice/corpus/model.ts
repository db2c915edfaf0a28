// The corpus in memory: lookups for matching people and references, and a BM25 index over
// article title, abstract and concepts. Rebuilt from SQLite at start and after an import.
import type { Db } from '../db';
import { fold, normDoi, phraseKey, stem, terms, titleKey, words } from '../text';

export interface AuthorRec {
  id: number;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  suffix: string | null;
  email: string | null;
  orcid: string | null;
  name_key: string;
  articles_count: number;
  citations_count: number;
  h_index: number;
  first_year: number | null;
  last_year: number | null;
}

export interface AffiliationRec {
  institution_id: number;
  start_year: number;
  end_year: number | null;
}

export interface InstitutionRec {
  id: number;
  name: string;
  city: string | null;
  country: string | null;
  key: string;
}

export interface JournalRec {
  id: number;
  title: string;
  publisher_name: string | null;
}

const K1 = 1.2;
const B = 0.75;
const SHINGLE = 5;

export class Corpus {
  articleIds: number[] = [];
  title: string[] = [];
  year = new Int32Array(0);
  journal = new Int32Array(0);
  retracted = new Uint8Array(0);
  citedBy = new Int32Array(0);
  doi: Array<string | null> = [];
  concepts: string[][] = [];
  articleAuthors: number[][] = [];

  authors = new Map<number, AuthorRec>();
  authorArticles = new Map<number, number[]>();
  affiliations = new Map<number, AffiliationRec[]>();
  institutions = new Map<number, InstitutionRec>();
  journals = new Map<number, JournalRec>();
  journalArticles = new Map<number, number[]>();

  byDoi = new Map<string, number>();
  byOrcid = new Map<string, number[]>();
  byEmail = new Map<string, number[]>();
  byNameKey = new Map<string, number[]>();
  private titleShingles = new Map<string, number[]>();
  private byTitle = new Map<string, number>();

  private termIds = new Map<string, number>();
  private df: number[] = [];
  private postDoc: Int32Array[] = [];
  private postTf: Uint16Array[] = [];
  private docLen = new Float32Array(0);
  private avgLen = 1;
  /** Concept dictionary: first stemmed word → [stemmed word sequence, display name]. */
  private conceptIndex = new Map<string, Array<[string[], string]>>();
  conceptDf = new Map<string, number>();

  get articleCount(): number {
    return this.articleIds.length;
  }

  static load(db: Db): Corpus {
    const c = new Corpus();
    c.loadFrom(db);
    return c;
  }

  private loadFrom(db: Db): void {
    for (const r of db.prepare('SELECT i.id, i.name, i.city, i.country FROM institutions i').all() as InstitutionRec[]) {
      this.institutions.set(r.id, { ...r, key: fold(r.name) });
    }
    for (const r of db
      .prepare('SELECT j.id, j.title, p.name AS publisher_name FROM journals j LEFT JOIN publishers p ON p.id = j.publisher_id')
      .all() as JournalRec[]) {
      this.journals.set(r.id, r);
    }
    for (const r of db.prepare('SELECT * FROM authors').all() as AuthorRec[]) {
      this.authors.set(r.id, r);
      if (r.orcid) push(this.byOrcid, r.orcid, r.id);
      if (r.email) push(this.byEmail, r.email.toLowerCase(), r.id);
      push(this.byNameKey, r.name_key, r.id);
    }
    for (const r of db
      .prepare('SELECT author_id, institution_id, start_year, end_year FROM author_affiliations ORDER BY author_id, start_year')
      .all() as Array<AffiliationRec & { author_id: number }>) {
      push(this.affiliations, r.author_id, { institution_id: r.institution_id, start_year: r.start_year, end_year: r.end_year });
    }

    const rows = db
      .prepare('SELECT id, doi, title, abstract, year, journal_id, retracted, cited_by_count, concepts FROM articles ORDER BY id')
      .raw()
      .all() as Array<[number, string | null, string, string, number, number | null, number, number, string]>;
    const n = rows.length;
    const slot = new Map<number, number>();
    this.year = new Int32Array(n);
    this.journal = new Int32Array(n);
    this.retracted = new Uint8Array(n);
    this.citedBy = new Int32Array(n);
    this.docLen = new Float32Array(n);
    // Pass 1: each document as sorted unique term ids with their frequencies; document frequencies.
    const docTerms: Int32Array[] = [];
    const docTfs: Uint16Array[] = [];
    const df: number[] = [];
    let totalLen = 0;
    rows.forEach(([id, doi, title, abstract, year, journalId, retracted, cited, conceptsJson], i) => {
      slot.set(id, i);
      this.articleIds.push(id);
      this.title.push(title);
      this.doi.push(doi);
      this.year[i] = year;
      this.journal[i] = journalId ?? 0;
      this.retracted[i] = retracted;
      this.citedBy[i] = cited;
      const concepts = JSON.parse(conceptsJson) as string[];
      this.concepts.push(concepts);
      this.articleAuthors.push([]);
      if (journalId) push(this.journalArticles, journalId, i);
      if (doi) this.byDoi.set(doi.toLowerCase(), i);
      const tk = titleKey(title);
      this.byTitle.set(tk, i);
      const tw = tk.split(' ');
      if (tw.length >= SHINGLE) push(this.titleShingles, tw.slice(0, SHINGLE).join(' '), i);
      for (const concept of concepts) {
        const df = this.conceptDf.get(concept);
        if (df === undefined) {
          const ws = phraseKey(concept).split(' ');
          const list = this.conceptIndex.get(ws[0]!) ?? [];
          list.push([ws, concept]);
          this.conceptIndex.set(ws[0]!, list);
        }
        this.conceptDf.set(concept, (df ?? 0) + 1);
      }
      const toks = terms(`${title} ${title} ${abstract} ${concepts.join(' ')}`);
      const ids = new Int32Array(toks.length);
      toks.forEach((t, k) => {
        let tid = this.termIds.get(t);
        if (tid === undefined) {
          tid = df.length;
          this.termIds.set(t, tid);
          df.push(0);
        }
        ids[k] = tid;
      });
      ids.sort();
      let unique = 0;
      for (let k = 0; k < ids.length; k++) if (k === 0 || ids[k] !== ids[k - 1]) unique++;
      const dt = new Int32Array(unique);
      const tf = new Uint16Array(unique);
      let u = -1;
      for (let k = 0; k < ids.length; k++) {
        if (k === 0 || ids[k] !== ids[k - 1]) {
          dt[++u] = ids[k]!;
          df[ids[k]!]!++;
        }
        if (tf[u]! < 65535) tf[u]!++;
      }
      docTerms.push(dt);
      docTfs.push(tf);
      this.docLen[i] = toks.length;
      totalLen += toks.length;
    });
    this.avgLen = n ? totalLen / n : 1;
    // Pass 2: postings in exactly sized typed arrays.
    this.df = df;
    this.postDoc = df.map((d) => new Int32Array(d));
    this.postTf = df.map((d) => new Uint16Array(d));
    const fill = new Int32Array(df.length);
    docTerms.forEach((dt, d) => {
      const tf = docTfs[d]!;
      for (let k = 0; k < dt.length; k++) {
        const tid = dt[k]!;
        const at = fill[tid]!++;
        this.postDoc[tid]![at] = d;
        this.postTf[tid]![at] = tf[k]!;
      }
    });

    for (const [articleId, authorId] of db
      .prepare('SELECT article_id, author_id FROM authorships ORDER BY article_id, position')
      .raw()
      .all() as Array<[number, number]>) {
      const i = slot.get(articleId);
      if (i === undefined) continue;
      this.articleAuthors[i]!.push(authorId);
      push(this.authorArticles, authorId, i);
    }
  }

  /** Inverse document frequency of a term (BM25 flavour, never negative). */
  idf(term: string): number {
    const tid = this.termIds.get(term);
    const df = tid === undefined ? 0 : this.df[tid]!;
    return Math.log(1 + (this.articleCount - df + 0.5) / (df + 0.5));
  }

  hasTerm(term: string): boolean {
    return this.termIds.has(term);
  }

  /** BM25 scores of every article for weighted query terms; returns the scores and the touched slots. */
  search(query: Map<string, number>): { scores: Float32Array; touched: number[] } {
    const scores = new Float32Array(this.articleCount);
    const touched: number[] = [];
    for (const [term, qw] of query) {
      const tid = this.termIds.get(term);
      if (tid === undefined) continue;
      const idf = this.idf(term) * qw;
      const docs = this.postDoc[tid]!;
      const tfs = this.postTf[tid]!;
      for (let k = 0; k < docs.length; k++) {
        const d = docs[k]!;
        const tf = tfs[k]!;
        const s = (idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * this.docLen[d]!) / this.avgLen));
        if (scores[d] === 0) touched.push(d);
        scores[d]! += s;
      }
    }
    return { scores, touched };
  }

  /** Known concepts appearing in a text, with their number of occurrences. */
  findConcepts(text: string): Map<string, number> {
    const ws = words(text).map(stem);
    const found = new Map<string, number>();
    for (let i = 0; i < ws.length; i++) {
      const cands = this.conceptIndex.get(ws[i]!);
      if (!cands) continue;
      for (const [seq, name] of cands) {
        let ok = true;
        for (let k = 1; k < seq.length; k++) {
          if (ws[i + k] !== seq[k]) {
            ok = false;
            break;
          }
        }
        if (ok) found.set(name, (found.get(name) ?? 0) + 1);
      }
    }
    return found;
  }

  /** Corpus articles a reference string points to: by DOI, else by a title it contains. */
  matchReference(ref: string): number | undefined {
    const doi = normDoi(ref);
    if (doi) {
      const hit = this.byDoi.get(doi);
      if (hit !== undefined) return hit;
    }
    const ws = titleKey(ref).split(' ');
    for (let i = 0; i + SHINGLE <= ws.length; i++) {
      const cands = this.titleShingles.get(ws.slice(i, i + SHINGLE).join(' '));
      if (!cands) continue;
      for (const a of cands) {
        const tk = titleKey(this.title[a]!);
        if (ws.slice(i, i + tk.split(' ').length).join(' ') === tk) return a;
      }
    }
    return this.byTitle.get(titleKey(ref));
  }

  /** Article slot for a DOI or an exact title (used for author-from-group disambiguation). */
  findArticle(doiOrTitle: string): number | undefined {
    const doi = normDoi(doiOrTitle);
    if (doi) return this.byDoi.get(doi);
    return this.byTitle.get(titleKey(doiOrTitle));
  }

  /** Institution the author is at in a given year (latest one when the year is past the history). */
  institutionAt(authorId: number, year?: number): InstitutionRec | undefined {
    const hist = this.affiliations.get(authorId);
    if (!hist?.length) return undefined;
    let pick = hist[0]!;
    for (const h of hist) if (year === undefined || h.start_year <= year) pick = h;
    return this.institutions.get(pick.institution_id);
  }

  /** Institutions named inside a free-text affiliation ("Dept. of X, University of Oslo, Norway"). */
  institutionsIn(affiliation: string): InstitutionRec[] {
    const key = fold(affiliation);
    return [...this.institutions.values()].filter((i) => i.key.length > 3 && key.includes(i.key));
  }

  authorName(a: AuthorRec): string {
    return [a.first_name, a.middle_name, a.last_name].filter(Boolean).join(' ') + (a.suffix ? ` ${a.suffix}` : '');
  }
}

function push<K, V>(m: Map<K, V[]>, k: K, v: V): void {
  const list = m.get(k);
  if (list) list.push(v);
  else m.set(k, [v]);
}

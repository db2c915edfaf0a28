// Import of OpenAlex works as JSON lines (one work object per line, as the OpenAlex API returns
// them; template: material/corpus/openalex-api-fixtures/W2741809807.json). List responses
// ({"results": [...]}) are accepted on a line too.
import type { Db } from '../db';
import { nameKey, normDoi, normOrcid, splitName } from '../text';
import { recomputeAuthorStats } from './stats';

export interface ImportResult {
  works: number;
  skipped: number;
  authors: number;
  journals: number;
  institutions: number;
  citations: number;
  errors: Array<{ line: number; message: string }>;
}

interface OAWork {
  id?: string;
  doi?: string | null;
  title?: string | null;
  display_name?: string | null;
  publication_year?: number | null;
  is_retracted?: boolean;
  cited_by_count?: number;
  abstract_inverted_index?: Record<string, number[]> | null;
  primary_location?: { source?: { id?: string; display_name?: string; host_organization_name?: string | null } | null } | null;
  host_venue?: { id?: string; display_name?: string; publisher?: string | null } | null;
  concepts?: Array<{ display_name?: string; score?: number }>;
  keywords?: Array<{ display_name?: string }>;
  referenced_works?: string[];
  authorships?: Array<{
    author?: { id?: string; display_name?: string; orcid?: string | null };
    institutions?: Array<{ id?: string; display_name?: string; country_code?: string | null }>;
  }>;
}

export function abstractFromInvertedIndex(index: Record<string, number[]> | null | undefined): string {
  if (!index) return '';
  const words: string[] = [];
  for (const [w, positions] of Object.entries(index)) for (const p of positions) words[p] = w;
  return words.filter((w) => w !== undefined).join(' ');
}

export function importOpenAlex(db: Db, jsonl: string): ImportResult {
  const result: ImportResult = { works: 0, skipped: 0, authors: 0, journals: 0, institutions: 0, citations: 0, errors: [] };
  const works: Array<[number, OAWork]> = [];
  jsonl.split(/\r?\n/).forEach((line, i) => {
    if (!line.trim()) return;
    try {
      const v = JSON.parse(line) as OAWork & { results?: OAWork[] };
      for (const w of Array.isArray(v.results) ? v.results : [v]) works.push([i + 1, w]);
    } catch (err) {
      result.errors.push({ line: i + 1, message: `not JSON: ${(err as Error).message}` });
    }
  });

  const q = {
    articleByExt: db.prepare('SELECT id FROM articles WHERE external_id = ?'),
    articleByDoi: db.prepare('SELECT id FROM articles WHERE doi = ?'),
    insArticle: db.prepare(
      'INSERT INTO articles (doi, title, abstract, year, journal_id, retracted, cited_by_count, concepts, external_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    ),
    journalByExt: db.prepare('SELECT id FROM journals WHERE external_id = ? OR title = ?'),
    insJournal: db.prepare('INSERT INTO journals (title, publisher_id, external_id) VALUES (?, ?, ?)'),
    publisher: db.prepare('SELECT id FROM publishers WHERE name = ?'),
    insPublisher: db.prepare('INSERT INTO publishers (name) VALUES (?)'),
    instByExt: db.prepare('SELECT id FROM institutions WHERE external_id = ? OR name = ?'),
    insInst: db.prepare('INSERT INTO institutions (name, country, external_id) VALUES (?, ?, ?)'),
    authorByExt: db.prepare('SELECT id FROM authors WHERE external_id = ?'),
    authorByOrcid: db.prepare('SELECT id FROM authors WHERE orcid = ?'),
    insAuthor: db.prepare(
      'INSERT INTO authors (first_name, middle_name, last_name, suffix, orcid, name_key, external_id) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ),
    insAff: db.prepare(
      'INSERT OR IGNORE INTO author_affiliations (author_id, institution_id, start_year, end_year) VALUES (?, ?, ?, NULL)',
    ),
    insAuthorship: db.prepare('INSERT OR IGNORE INTO authorships (article_id, author_id, position, institution_id) VALUES (?, ?, ?, ?)'),
    insCitation: db.prepare('INSERT OR IGNORE INTO citations (citing_id, cited_id) VALUES (?, ?)'),
  };
  const idOf = (row: unknown) => (row as { id: number } | undefined)?.id;

  const journalId = (w: OAWork): number | null => {
    const src = w.primary_location?.source ?? null;
    const name = src?.display_name ?? w.host_venue?.display_name;
    if (!name) return null;
    const ext = src?.id ?? w.host_venue?.id ?? null;
    const existing = idOf(q.journalByExt.get(ext, name));
    if (existing) return existing;
    const pubName = src?.host_organization_name ?? w.host_venue?.publisher ?? null;
    let pub: number | null = null;
    if (pubName) pub = idOf(q.publisher.get(pubName)) ?? Number(q.insPublisher.run(pubName).lastInsertRowid);
    result.journals++;
    return Number(q.insJournal.run(name, pub, ext).lastInsertRowid);
  };

  const imported: Array<[number, OAWork]> = [];
  for (const [line, w] of works) {
    const title = w.title ?? w.display_name;
    if (!w.id || !title || !w.publication_year) {
      result.errors.push({ line, message: 'a work needs id, title and publication_year' });
      continue;
    }
    const doi = w.doi ? normDoi(w.doi) : null;
    if (idOf(q.articleByExt.get(w.id)) || (doi && idOf(q.articleByDoi.get(doi)))) {
      result.skipped++;
      continue;
    }
    const concepts = [
      ...(w.concepts ?? []).filter((c) => (c.score ?? 0) >= 0.3).map((c) => c.display_name),
      ...(w.keywords ?? []).map((k) => k.display_name),
    ].filter((c): c is string => !!c);
    const uniqueConcepts = [...new Map(concepts.map((c) => [c.toLowerCase(), c])).values()].slice(0, 8);
    const articleId = Number(
      q.insArticle.run(
        doi,
        title,
        abstractFromInvertedIndex(w.abstract_inverted_index),
        w.publication_year,
        journalId(w),
        w.is_retracted ? 1 : 0,
        w.cited_by_count ?? 0,
        JSON.stringify(uniqueConcepts),
        w.id,
      ).lastInsertRowid,
    );
    result.works++;
    (w.authorships ?? []).forEach((a, pos) => {
      const ext = a.author?.id;
      const name = a.author?.display_name;
      if (!ext || !name) return;
      const orcid = a.author?.orcid ? normOrcid(a.author.orcid) : null;
      let authorId = idOf(q.authorByExt.get(ext)) ?? (orcid ? idOf(q.authorByOrcid.get(orcid)) : undefined);
      if (!authorId) {
        const p = splitName(name);
        authorId = Number(q.insAuthor.run(p.first || p.last, p.middle, p.last, p.suffix, orcid, nameKey(name), ext).lastInsertRowid);
        result.authors++;
      }
      const inst = a.institutions?.[0];
      let instId: number | null = null;
      if (inst?.display_name) {
        instId = idOf(q.instByExt.get(inst.id ?? null, inst.display_name)) ?? null;
        if (!instId) {
          instId = Number(q.insInst.run(inst.display_name, inst.country_code ?? null, inst.id ?? null).lastInsertRowid);
          result.institutions++;
        }
        q.insAff.run(authorId, instId, w.publication_year);
      }
      q.insAuthorship.run(articleId, authorId, pos + 1, instId);
    });
    imported.push([articleId, w]);
  }
  for (const [articleId, w] of imported) {
    for (const ref of w.referenced_works ?? []) {
      const cited = idOf(q.articleByExt.get(ref));
      if (cited && q.insCitation.run(articleId, cited).changes) result.citations++;
    }
  }
  if (result.works) recomputeAuthorStats(db);
  return result;
}

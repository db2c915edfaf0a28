// Import of the article records derived from real JATS full texts (material/corpus/seed/articles.jsonl,
// one article per line: doi, title, journal, year, keywords, abstract, authors with ORCID, email and
// affiliations, and the parsed reference list). Each article becomes a corpus article; each reference
// with a title becomes a cited work with its authors, linked by a citation. Names are not
// disambiguated in the source, so reference authors are one corpus author per name.
import type { Db } from '../db';
import { fold, nameKey, normDoi, normOrcid } from '../text';
import { recomputeAuthorStats } from './stats';

interface SeedAuthor {
  given?: string | null;
  surname?: string | null;
  orcid?: string | null;
  email?: string | null;
  affiliations?: string[];
}

interface SeedReference {
  title?: string | null;
  source?: string | null;
  year?: string | null;
  doi?: string | null;
  authors?: SeedAuthor[];
}

interface SeedArticle {
  doi?: string | null;
  title?: string | null;
  journal?: string | null;
  year?: string | null;
  keywords?: string[];
  abstract?: string | null;
  authors?: SeedAuthor[];
  references?: SeedReference[];
}

export interface SeedImportResult {
  articles: number;
  cited_works: number;
  authors: number;
  citations: number;
  errors: Array<{ line: number; message: string }>;
}

const INSTITUTION_WORD = /universit|institut|college|school|centre|center|hospital|laborator|academy|museum|council/i;

export function importSeedArticles(db: Db, jsonl: string): SeedImportResult {
  const result: SeedImportResult = { articles: 0, cited_works: 0, authors: 0, citations: 0, errors: [] };
  const institutions = db.prepare('SELECT id, name FROM institutions').all() as Array<{ id: number; name: string }>;
  const q = {
    articleByDoi: db.prepare('SELECT id FROM articles WHERE doi = ?'),
    articleByExt: db.prepare('SELECT id FROM articles WHERE external_id = ?'),
    insArticle: db.prepare(
      'INSERT INTO articles (doi, title, abstract, year, journal_id, concepts, external_id) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ),
    journal: db.prepare('SELECT id FROM journals WHERE title = ?'),
    insJournal: db.prepare('INSERT INTO journals (title) VALUES (?)'),
    insInst: db.prepare('INSERT INTO institutions (name, country) VALUES (?, ?)'),
    authorBy: db.prepare('SELECT id FROM authors WHERE orcid = ? OR email = ? OR external_id = ?'),
    insAuthor: db.prepare('INSERT INTO authors (first_name, last_name, email, orcid, name_key, external_id) VALUES (?, ?, ?, ?, ?, ?)'),
    insAff: db.prepare(
      'INSERT OR IGNORE INTO author_affiliations (author_id, institution_id, start_year, end_year) VALUES (?, ?, ?, NULL)',
    ),
    insAuthorship: db.prepare('INSERT OR IGNORE INTO authorships (article_id, author_id, position, institution_id) VALUES (?, ?, ?, ?)'),
    insCitation: db.prepare('INSERT OR IGNORE INTO citations (citing_id, cited_id) VALUES (?, ?)'),
  };
  const idOf = (row: unknown) => (row as { id: number } | undefined)?.id;
  const journalId = (title: string | null | undefined): number | null =>
    title ? (idOf(q.journal.get(title)) ?? Number(q.insJournal.run(title).lastInsertRowid)) : null;

  const institutionId = (aff: string): number => {
    const key = fold(aff);
    const known = institutions.find((i) => key.includes(fold(i.name)));
    if (known) return known.id;
    const parts = aff
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    const name = parts.find((p) => INSTITUTION_WORD.test(p)) ?? parts[0] ?? aff;
    const existing = institutions.find((i) => i.name === name);
    if (existing) return existing.id;
    const id = Number(q.insInst.run(name, parts.length > 1 ? parts[parts.length - 1]! : null).lastInsertRowid);
    institutions.push({ id, name });
    return id;
  };

  const authorId = (a: SeedAuthor): number | null => {
    const given = (a.given ?? '').trim();
    const surname = (a.surname ?? '').trim();
    if (!surname) return null;
    const orcid = a.orcid ? normOrcid(a.orcid) : null;
    const email = a.email ? a.email.trim().toLowerCase() : null;
    const key = nameKey(`${given} ${surname}`);
    const ext = `seed:${key}`;
    const found = idOf(q.authorBy.get(orcid, email, ext));
    if (found) return found;
    result.authors++;
    return Number(q.insAuthor.run(given || surname, surname, email, orcid, key, orcid || email ? null : ext).lastInsertRowid);
  };

  const addWork = (
    doi: string | null,
    title: string,
    abstract: string,
    year: number,
    journal: string | null | undefined,
    concepts: string[],
    ext: string,
    authors: SeedAuthor[],
  ) => {
    const existing = (doi ? idOf(q.articleByDoi.get(doi)) : undefined) ?? idOf(q.articleByExt.get(ext));
    if (existing) return { id: existing, created: false };
    const id = Number(
      q.insArticle.run(doi, title, abstract, year, journalId(journal), JSON.stringify(concepts.slice(0, 8)), ext).lastInsertRowid,
    );
    authors.forEach((a, pos) => {
      const author = authorId(a);
      if (author === null) return;
      const inst = a.affiliations?.[0] ? institutionId(a.affiliations[0]) : null;
      if (inst !== null) q.insAff.run(author, inst, year);
      q.insAuthorship.run(id, author, pos + 1, inst);
    });
    return { id, created: true };
  };

  jsonl.split(/\r?\n/).forEach((line, i) => {
    if (!line.trim()) return;
    let art: SeedArticle;
    try {
      art = JSON.parse(line) as SeedArticle;
    } catch (err) {
      result.errors.push({ line: i + 1, message: `not JSON: ${(err as Error).message}` });
      return;
    }
    const year = Number(art.year);
    if (!art.title || !Number.isInteger(year)) {
      result.errors.push({ line: i + 1, message: 'an article needs title and year' });
      return;
    }
    const doi = art.doi ? normDoi(art.doi) : null;
    const main = addWork(
      doi,
      art.title,
      art.abstract ?? '',
      year,
      art.journal,
      art.keywords ?? [],
      `seed-article:${doi ?? art.title}`,
      art.authors ?? [],
    );
    if (main.created) result.articles++;
    for (const ref of art.references ?? []) {
      const refYear = Number(ref.year);
      if (!ref.title || !Number.isInteger(refYear)) continue;
      const refDoi = ref.doi ? normDoi(ref.doi) : null;
      const cited = addWork(refDoi, ref.title, '', refYear, ref.source, [], `seed-ref:${refDoi ?? ref.title}`, ref.authors ?? []);
      if (cited.created) result.cited_works++;
      if (cited.id !== main.id && q.insCitation.run(main.id, cited.id).changes) result.citations++;
    }
  });
  if (result.articles || result.cited_works) {
    db.exec(
      "UPDATE articles SET cited_by_count = (SELECT COUNT(*) FROM citations WHERE cited_id = articles.id) WHERE external_id LIKE 'seed-%'",
    );
    recomputeAuthorStats(db);
  }
  return result;
}

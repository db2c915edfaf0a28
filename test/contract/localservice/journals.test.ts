import { describe, expect, it } from 'vitest';
import { expectError, findAuthor, manuscriptAbout, sandbox, useSandboxes, type Json } from './helpers';

useSandboxes();

describe('§4.7 recommend journals', () => {
  it('§4.7 an origin_id never uploaded is 404', async () => {
    const sb = await sandbox();
    expectError(await sb.api('GET', '/api/external/recommend-journals/never-uploaded/'), 404, 'origin_id');
  });

  it('§4.7 all_journals (default) ranks journals, each with at most 10 relevant_articles (§2.8, §8)', async () => {
    const sb = await sandbox();
    const author = await findAuthor(sb, '', (a) => a.articles_count >= 10);
    await sb.upload(await manuscriptAbout(sb, author.id));
    const r = await sb.api('GET', '/api/external/recommend-journals/ms-1/');
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual(['recommended_journals']);
    const list = r.body.recommended_journals as Array<Record<string, Json>>;
    expect(list.length).toBeGreaterThan(1);
    for (const j of list) {
      expect(Object.keys(j).sort()).toEqual(['folder_id', 'folder_name', 'id', 'publisher_name', 'relevant_articles', 'score', 'title']);
      expect(Number.isInteger(j.id)).toBe(true);
      expect(typeof j.title).toBe('string');
      expect(typeof j.score).toBe('number');
      expect(j.relevant_articles.length).toBeGreaterThan(0);
      expect(j.relevant_articles.length).toBeLessThanOrEqual(10);
      for (const a of j.relevant_articles) expect(Object.keys(a).sort()).toEqual(['id', 'title', 'year']);
    }
    expect(list.map((j) => j.score)).toEqual(list.map((j) => j.score).sort((a, b) => b - a));
    expect(list.some((j) => j.relevant_articles.length === 10)).toBe(true);
    const explicit = await sb.api('GET', '/api/external/recommend-journals/ms-1/?journals_corpus=all_journals');
    expect(explicit.body).toEqual(r.body);
  });

  it("§4.7 org_journals recommends only journals linked to the organization's folders, with folder_id and folder_name", async () => {
    const sb = await sandbox();
    const author = await findAuthor(sb, '', (a) => a.articles_count >= 10);
    await sb.upload({ ...(await manuscriptAbout(sb, author.id)), folder: 'J-FOLDER' });
    const all = (await sb.api('GET', '/api/external/recommend-journals/ms-1/')).body.recommended_journals as Array<Record<string, Json>>;
    const linked = [all[1]!.id, all[3]!.id] as number[];
    await sb.admin('PUT', '/admin/orgs/1/folders/DEMO/journals/', { journal_ids: [] });
    expect((await sb.api('GET', '/api/external/recommend-journals/ms-1/?journals_corpus=org_journals')).body).toEqual({
      recommended_journals: [],
    });
    const put = await sb.admin('PUT', '/admin/orgs/1/folders/J-FOLDER/journals/', { journal_ids: linked });
    const r = await sb.api('GET', '/api/external/recommend-journals/ms-1/?journals_corpus=org_journals');
    const list = r.body.recommended_journals as Array<Record<string, Json>>;
    expect(list.map((j) => j.id).sort()).toEqual([...linked].sort());
    for (const j of list) expect(j).toMatchObject({ folder_id: put.body.folder_id, folder_name: 'J-FOLDER' });
    const again = (await sb.api('GET', '/api/external/recommend-journals/ms-1/')).body.recommended_journals as Array<Record<string, Json>>;
    for (const j of again) expect(j.folder_name).toBe(linked.includes(j.id) ? 'J-FOLDER' : null);
  });

  it('§4.7 an unknown journals_corpus value is 400 naming it', async () => {
    const sb = await sandbox();
    await sb.upload({
      api_key: sb.apiKey,
      folder: 'F',
      origin_id: 'o',
      title: 'Deep learning models',
      abstract: 'Graph neural network',
      authors_count: '0',
    });
    expectError(await sb.api('GET', '/api/external/recommend-journals/o/?journals_corpus=everything'), 400, 'journals_corpus');
  });
});

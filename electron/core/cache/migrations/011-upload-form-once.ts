import type { Migration } from './types';

// The upload form is stored once, in manuscripts.form_json: an upload entry's payload keeps the
// manuscript's origin_id and its file, and reads the form from the manuscript when it is read (see
// outbox/store.ts). Uploads queued by earlier versions carried their own copy of the form:
// - the newest open upload of each manuscript gives the manuscript its form (and the columns drawn
//   from it) where they differ, so the form it was going to send is the one sent;
// - every upload payload gets originId and loses its form.
// An open upload always has its manuscript row: both are written and removed in one transaction,
// a profile's removal takes both, and Clear cache keeps manuscripts.
interface Newest {
  profile_id: string;
  origin_id: string;
  form: string;
  current: string;
}
interface Form {
  folder: string;
  title: string;
  abstract: string;
  authors_count: number;
  authors?: Array<{ name?: string }>;
}

export const migration011: Migration = {
  version: 11,
  name: 'outbox: an upload reads its form from its manuscript',
  up(db) {
    const newest = db
      .prepare<[], Newest>(
        `SELECT o.profile_id, m.origin_id, json_extract(o.payload_json, '$.form') AS form, m.form_json AS current
         FROM outbox o JOIN manuscripts m ON m.profile_id = o.profile_id AND m.origin_id = json_extract(o.payload_json, '$.form.origin_id')
         WHERE o.kind = 'upload' AND o.state <> 'done' AND json_extract(o.payload_json, '$.form') IS NOT NULL
           AND o.id = (SELECT max(n.id) FROM outbox n WHERE n.entity_key = o.entity_key AND n.profile_id = o.profile_id
                       AND n.kind = 'upload' AND n.state <> 'done')`,
      )
      .all();
    const folder = db.prepare<{ p: string; name: string; now: number }, { id: number }>(
      `INSERT INTO folders (profile_id, name, first_used_at) VALUES (@p, @name, @now)
       ON CONFLICT(profile_id, name) DO UPDATE SET name = excluded.name RETURNING id`,
    );
    const update = db.prepare(
      `UPDATE manuscripts SET form_json = @form, folder_id = @folderId, title = @title, abstract = @abstract,
         authors_count = @authorsCount, authors_json = @authors, authors_text = @authorsText
       WHERE profile_id = @p AND origin_id = @originId`,
    );
    for (const n of newest) {
      if (JSON.stringify(JSON.parse(n.form)) === JSON.stringify(JSON.parse(n.current))) continue;
      const f = JSON.parse(n.form) as Form;
      const authors = f.authors ?? [];
      update.run({
        p: n.profile_id,
        originId: n.origin_id,
        form: n.form,
        folderId: folder.get({ p: n.profile_id, name: f.folder, now: Date.now() })!.id,
        title: f.title,
        abstract: f.abstract,
        authorsCount: f.authors_count,
        authors: JSON.stringify(authors),
        authorsText: authors
          .map((a) => a.name ?? '')
          .filter((x) => x.length > 0)
          .join('; '),
      });
    }
    db.exec(`
      UPDATE outbox SET payload_json = json_remove(json_set(payload_json, '$.originId', json_extract(payload_json, '$.form.origin_id')), '$.form')
      WHERE kind = 'upload' AND json_extract(payload_json, '$.form') IS NOT NULL;
    `);
  },
};

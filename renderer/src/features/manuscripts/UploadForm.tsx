import type { UploadFormInput } from '../../../../electron/common/service';

type Author = NonNullable<UploadFormInput['authors']>[number];
export const BOUNDS = [
  ['min_h_index', 'Min h-index'],
  ['max_h_index', 'Max h-index'],
  ['min_academic_age', 'Min academic age'],
  ['max_academic_age', 'Max academic age'],
  ['min_articles_count', 'Min articles'],
  ['max_articles_count', 'Max articles'],
] as const;

/** The mark of a field the upload needs (screen readers hear "required" from the field itself). */
export function Required() {
  return (
    <span className="required" aria-hidden="true" title="Required">
      *
    </span>
  );
}

/** Every field of the upload form (spec §4.6); authors_count follows the authors list. */
export function UploadForm({
  form,
  onChange,
  idPrefix,
  folders,
  lockOrigin = false,
}: {
  form: UploadFormInput;
  onChange: (f: UploadFormInput) => void;
  idPrefix: string;
  folders: string[];
  /** A new run of a known manuscript: its id names it on the service and cannot change. */
  lockOrigin?: boolean;
}) {
  const authors = form.authors ?? [];
  const setAuthors = (next: Author[]) => onChange({ ...form, authors: next, authors_count: next.length });
  const setAuthor = (i: number, p: Partial<Author>) => setAuthors(authors.map((a, j) => (j === i ? { ...a, ...p } : a)));
  const id = (s: string) => `${idPrefix}-${s}`;
  return (
    <div className="upload-form">
      <div className="grid2">
        <label htmlFor={id('folder')}>
          Folder <Required />
        </label>
        <input id={id('folder')} list={id('folders')} required value={form.folder} onChange={(e) => onChange({ ...form, folder: e.target.value })} placeholder="Journal code or panel" />
        <datalist id={id('folders')}>
          {folders.map((f) => (
            <option key={f} value={f} />
          ))}
        </datalist>
        <label htmlFor={id('origin')}>
          Manuscript id <Required />
        </label>
        <input id={id('origin')} required readOnly={lockOrigin} title={lockOrigin ? 'A new run keeps the manuscript id' : undefined} value={form.origin_id} onChange={(e) => onChange({ ...form, origin_id: e.target.value })} />
        <label htmlFor={id('title')}>
          Title <Required />
        </label>
        <input id={id('title')} required value={form.title} onChange={(e) => onChange({ ...form, title: e.target.value })} />
        <label htmlFor={id('abstract')}>
          Abstract <Required />
        </label>
        <textarea id={id('abstract')} required rows={4} value={form.abstract} onChange={(e) => onChange({ ...form, abstract: e.target.value })} />
      </div>
      <fieldset>
        <legend>
          Authors ({form.authors_count}){' '}
          <button type="button" onClick={() => setAuthors([...authors, { name: '', aff: '', orcid: '', email: '' }])}>
            Add author
          </button>
        </legend>
        {authors.map((a, i) => (
          <div className="author-row" key={i}>
            <input aria-label={`Author ${i + 1} name`} placeholder="Name" value={a.name ?? ''} onChange={(e) => setAuthor(i, { name: e.target.value })} />
            <input aria-label={`Author ${i + 1} affiliation`} placeholder="Affiliation" value={a.aff ?? ''} onChange={(e) => setAuthor(i, { aff: e.target.value })} />
            <input aria-label={`Author ${i + 1} ORCID`} placeholder="ORCID" value={a.orcid ?? ''} onChange={(e) => setAuthor(i, { orcid: e.target.value })} />
            <input aria-label={`Author ${i + 1} email`} placeholder="Email" type="email" value={a.email ?? ''} onChange={(e) => setAuthor(i, { email: e.target.value })} />
            <button type="button" aria-label={`Remove author ${i + 1}`} onClick={() => setAuthors(authors.filter((_, j) => j !== i))}>
              ✕
            </button>
          </div>
        ))}
      </fieldset>
      <details>
        <summary>Candidate bounds and options</summary>
        <div className="bounds">
          {BOUNDS.map(([key, label]) => (
            <label key={key}>
              {label}{' '}
              <input
                type="number"
                min={0}
                className="narrow"
                value={form[key] ?? ''}
                onChange={(e) => {
                  const next = { ...form };
                  if (e.target.value === '') delete next[key];
                  else next[key] = Number(e.target.value);
                  onChange(next);
                }}
              />
            </label>
          ))}
          <label>
            <input type="checkbox" checked={form.exclude_candidates === true} onChange={(e) => onChange({ ...form, exclude_candidates: e.target.checked || undefined })} /> Skip candidate search (store only)
          </label>
        </div>
      </details>
    </div>
  );
}

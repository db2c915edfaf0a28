import { Fragment } from 'react';
import type { FieldToCheck } from '../../../../electron/common/domain/intake';
import type { UploadFormInput } from '../../../../electron/common/service';
import { CheckMark, checksByField, type CheckKey } from './checks';
import { Required } from '../../components/Required';

type Author = NonNullable<UploadFormInput['authors']>[number];
export const BOUNDS = [
  ['min_h_index', 'Min h-index'],
  ['max_h_index', 'Max h-index'],
  ['min_academic_age', 'Min academic age'],
  ['max_academic_age', 'Max academic age'],
  ['min_articles_count', 'Min articles'],
  ['max_articles_count', 'Max articles'],
] as const;

type BoundKey = (typeof BOUNDS)[number][0];

/** The six candidate bounds as number fields; an emptied field removes its bound. Used by a file's form
 * and by the batch's "Bounds for all". */
export function BoundsFields<T extends Partial<Record<BoundKey, number>>>({
  values,
  onChange,
}: {
  values: T;
  onChange: (next: T) => void;
}) {
  return (
    <>
      {BOUNDS.map(([key, label]) => (
        <label key={key}>
          {label}{' '}
          <input
            type="number"
            min={0}
            className="narrow"
            value={values[key] ?? ''}
            onChange={(e) => {
              const next = { ...values };
              if (e.target.value === '') delete next[key];
              else (next as Partial<Record<BoundKey, number>>)[key] = Number(e.target.value);
              onChange(next);
            }}
          />
        </label>
      ))}
    </>
  );
}

const PARTS = ['name', 'aff', 'orcid', 'email'] as const;

/** Every field of the upload form (spec §4.6); authors_count follows the authors list. */
export function UploadForm({
  form,
  onChange,
  idPrefix,
  folders,
  lockOrigin = false,
  checks = [],
}: {
  form: UploadFormInput;
  onChange: (f: UploadFormInput) => void;
  idPrefix: string;
  folders: string[];
  /** A new run of a known manuscript: its id names it on the service and cannot change. */
  lockOrigin?: boolean;
  /** Pre-filled fields intake was unsure of: each gets a "Check" mark with its reason. */
  checks?: readonly FieldToCheck[];
}) {
  const authors = form.authors ?? [];
  const setAuthors = (next: Author[]) => onChange({ ...form, authors: next, authors_count: next.length });
  const setAuthor = (i: number, p: Partial<Author>) => setAuthors(authors.map((a, j) => (j === i ? { ...a, ...p } : a)));
  const id = (s: string) => `${idPrefix}-${s}`;
  // Author marks follow intake's list: once the editor adds or removes an author, the indexes no longer match.
  const byField = checksByField(checks.filter((c) => c.field !== 'author' || authors.length === form.authors_count));
  const checkId = (k: CheckKey) => (byField.has(k) ? id(`check-${k}`) : undefined);
  const mark = (k: CheckKey) => (byField.has(k) ? <CheckMark id={id(`check-${k}`)} reason={byField.get(k)!} /> : null);
  return (
    <div className="upload-form">
      <div className="grid2">
        <label htmlFor={id('folder')}>
          Folder <Required />
        </label>
        <input
          id={id('folder')}
          list={id('folders')}
          required
          value={form.folder}
          onChange={(e) => onChange({ ...form, folder: e.target.value })}
          placeholder="Journal code or panel"
        />
        <datalist id={id('folders')}>
          {folders.map((f) => (
            <option key={f} value={f} />
          ))}
        </datalist>
        <label htmlFor={id('origin')}>
          Manuscript id <Required />
        </label>
        <input
          id={id('origin')}
          required
          readOnly={lockOrigin}
          title={lockOrigin ? 'A new run keeps the manuscript id' : undefined}
          value={form.origin_id}
          onChange={(e) => onChange({ ...form, origin_id: e.target.value })}
        />
        <label htmlFor={id('title')}>
          Title <Required />
        </label>
        <div className={byField.has('title') ? 'to-check' : undefined}>
          <input
            id={id('title')}
            required
            aria-describedby={checkId('title')}
            value={form.title}
            onChange={(e) => onChange({ ...form, title: e.target.value })}
          />
          {mark('title')}
        </div>
        <label htmlFor={id('abstract')}>
          Abstract <Required />
        </label>
        <div className={byField.has('abstract') ? 'to-check' : undefined}>
          <textarea
            id={id('abstract')}
            required
            rows={4}
            aria-describedby={checkId('abstract')}
            value={form.abstract}
            onChange={(e) => onChange({ ...form, abstract: e.target.value })}
          />
          {mark('abstract')}
        </div>
      </div>
      <fieldset aria-describedby={checkId('authors_count')} className={byField.has('authors_count') ? 'to-check' : undefined}>
        <legend>
          Authors ({form.authors_count}){' '}
          <button type="button" onClick={() => setAuthors([...authors, { name: '', aff: '', orcid: '', email: '' }])}>
            Add author
          </button>
        </legend>
        {mark('authors_count')}
        {authors.map((a, i) => (
          <div className="author-row" key={i}>
            <input
              aria-label={`Author ${i + 1} name`}
              aria-describedby={checkId(`author-${i}-name`)}
              placeholder="Name"
              value={a.name ?? ''}
              onChange={(e) => setAuthor(i, { name: e.target.value })}
            />
            <input
              aria-label={`Author ${i + 1} affiliation`}
              aria-describedby={checkId(`author-${i}-aff`)}
              placeholder="Affiliation"
              value={a.aff ?? ''}
              onChange={(e) => setAuthor(i, { aff: e.target.value })}
            />
            <input
              aria-label={`Author ${i + 1} ORCID`}
              aria-describedby={checkId(`author-${i}-orcid`)}
              placeholder="ORCID"
              value={a.orcid ?? ''}
              onChange={(e) => setAuthor(i, { orcid: e.target.value })}
            />
            <input
              aria-label={`Author ${i + 1} email`}
              aria-describedby={checkId(`author-${i}-email`)}
              placeholder="Email"
              type="email"
              value={a.email ?? ''}
              onChange={(e) => setAuthor(i, { email: e.target.value })}
            />
            <button type="button" aria-label={`Remove author ${i + 1}`} onClick={() => setAuthors(authors.filter((_, j) => j !== i))}>
              ✕
            </button>
            {PARTS.some((part) => byField.has(`author-${i}-${part}`)) ? (
              <div className="author-checks">
                {PARTS.map((part) => (
                  <Fragment key={part}>{mark(`author-${i}-${part}`)}</Fragment>
                ))}
              </div>
            ) : null}
          </div>
        ))}
      </fieldset>
      <details>
        <summary>Candidate bounds and options</summary>
        <div className="bounds">
          <BoundsFields values={form} onChange={onChange} />
          <label>
            <input
              type="checkbox"
              checked={form.exclude_candidates === true}
              onChange={(e) => onChange({ ...form, exclude_candidates: e.target.checked || undefined })}
            />{' '}
            Skip candidate search (store only)
          </label>
        </div>
      </details>
    </div>
  );
}

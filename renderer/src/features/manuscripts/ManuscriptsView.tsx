import { useEffect, useState } from 'react';
import { openFilePicker } from '../../components/FilePicker';
import { useApp } from '../../stores/app';
import { shownManuscripts, useManuscripts } from '../../stores/manuscripts';
import { UploadQueue } from './UploadQueue';
import { Alert } from '../../components/Alert';

const STATE_LABEL = { pending: 'Pending', synced: 'Sent', failed: 'Needs attention' } as const;

export function ManuscriptsView() {
  const { list, folders, folder, hits, searchText, selectedId, detail, error } = useManuscripts();
  const { load, setFolder, search, select, reupload, editAgain } = useManuscripts.getState();
  const host = useApp((s) => s.info?.host);
  const setView = useApp((s) => s.setView);
  const [moveTo, setMoveTo] = useState('');

  useEffect(() => {
    void load();
  }, [load]);

  const pick = () => openFilePicker(host);

  const shown = shownManuscripts({ list, hits });
  const run = detail?.runs.at(-1);
  const debug = run?.debugInfo;
  const parsedAuthors = debug?.authors_info?.authors_count;

  return (
    <div className="manuscripts">
      <div className="toolbar">
        <button type="button" className="primary" onClick={pick} aria-keyshortcuts="Control+O">
          Upload manuscripts…
        </button>
        <input
          id="manuscript-search"
          data-shortcut="search"
          type="search"
          placeholder="Search title, abstract, authors"
          aria-label="Search manuscripts"
          aria-keyshortcuts="Control+F"
          value={searchText}
          onChange={(e) => void search(e.target.value)}
        />
        <label>
          Folder{' '}
          <select value={folder ?? ''} onChange={(e) => void setFolder(e.target.value || null)}>
            <option value="">All folders</option>
            {folders.map((f) => (
              <option key={f.id} value={f.name}>
                {f.name} ({f.manuscriptsCount})
              </option>
            ))}
          </select>
        </label>
        <span className="muted">Drop PDF or DOCX files anywhere on the window.</span>
      </div>
      <Alert text={error} />
      <UploadQueue />
      <div className="split">
        <ul className="list" aria-label="Manuscripts">
          {shown.length === 0 ? <li className="muted">{hits ? 'No manuscript matches.' : 'No manuscripts yet.'}</li> : null}
          {shown.map((m) => (
            <li key={m.id}>
              <button
                type="button"
                className={m.id === selectedId ? 'item active' : 'item'}
                aria-current={m.id === selectedId}
                onClick={() => void select(m.id)}
              >
                <span className="title">{m.title}</span>
                <span className="meta">
                  {m.folder} · {m.originId} · <span className={`state ${m.syncState}`}>{STATE_LABEL[m.syncState]}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
        {detail ? (
          <section className="detail" aria-label="Manuscript">
            <h2>{detail.manuscript.title}</h2>
            <p className="meta">
              {detail.manuscript.folder} · {detail.manuscript.originId}
              {detail.manuscript.serviceId !== null ? ` · service id ${detail.manuscript.serviceId}` : ''} ·{' '}
              {STATE_LABEL[detail.manuscript.syncState]}
            </p>
            <p>{detail.manuscript.authors.map((a) => a.name).join(', ')}</p>
            {debug ? (
              <dl className="debug" aria-label="What the service parsed">
                <dt>Source file</dt>
                <dd>{debug.source_file ?? '—'}</dd>
                <dt>Parsed text</dt>
                <dd>{debug.parsed_text_len?.toLocaleString() ?? '—'} characters</dd>
                <dt>References</dt>
                <dd>{debug.parsed_references ?? '—'}</dd>
                <dt>Concepts</dt>
                <dd>{debug.extracted_concepts ?? '—'}</dd>
                <dt>Authors found</dt>
                <dd>
                  {parsedAuthors ?? '—'} ({debug.authors_info?.emails_count ?? 0} emails, {debug.authors_info?.orcids_count ?? 0} ORCIDs)
                  {parsedAuthors !== undefined && parsedAuthors !== detail.manuscript.authorsCount ? (
                    <span className="warn"> — the form said {detail.manuscript.authorsCount}</span>
                  ) : null}
                </dd>
              </dl>
            ) : null}
            <p>
              {detail.runs.length} run{detail.runs.length === 1 ? '' : 's'}
              {run ? ` · last ${new Date(run.uploadedAt).toLocaleString()} · ${run.candidatesCount ?? 'no'} candidates` : ''}
            </p>
            <div className="row">
              <button type="button" onClick={() => setView('candidates')} disabled={detail.runs.length === 0}>
                Candidates
              </button>
              <button type="button" onClick={() => setView('journals')} disabled={detail.manuscript.serviceId === null}>
                Journals
              </button>
              <button type="button" onClick={() => void reupload(detail.manuscript, {})}>
                Upload again
              </button>
              <button type="button" onClick={() => editAgain(detail.manuscript)}>
                Edit and upload again
              </button>
              <input aria-label="Move to folder" placeholder="Another folder" value={moveTo} onChange={(e) => setMoveTo(e.target.value)} />
              <button
                type="button"
                disabled={moveTo.trim() === '' || moveTo.trim() === detail.manuscript.folder}
                onClick={() => {
                  void reupload(detail.manuscript, { folder: moveTo.trim() });
                  setMoveTo('');
                }}
              >
                Move
              </button>
            </div>
          </section>
        ) : (
          <p className="muted">Select a manuscript.</p>
        )}
      </div>
    </div>
  );
}

import { BookOpen, FileUp, FolderInput, Pencil, RotateCw, UsersRound } from 'lucide-react';
import { useEffect, useState } from 'react';
import { EmptyState } from '../../components/EmptyState';
import { openFilePicker } from '../../components/FilePicker';
import { useApp } from '../../stores/app';
import { shownManuscripts, useManuscripts } from '../../stores/manuscripts';
import { UploadQueue } from './UploadQueue';
import { Alert } from '../../components/Alert';
import { SearchField } from '../../components/SearchField';
import { Select } from '../../components/Select';

const STATE_LABEL = { pending: 'Pending', synced: 'Sent', failed: 'Needs attention' } as const;

export function ManuscriptsView() {
  const { list, folders, folder, hits, searchText, selectedId, detail, error, batch, replaceAsk } = useManuscripts();
  const { load, setFolder, search, select, reupload, editAgain, answerReplace } = useManuscripts.getState();
  const host = useApp((s) => s.info?.host);
  const setView = useApp((s) => s.setView);
  const [moveTo, setMoveTo] = useState('');

  useEffect(() => {
    void load();
  }, [load]);

  const pick = () => openFilePicker(host);

  const shown = shownManuscripts({ list, hits });
  const debug = detail?.runs.at(-1)?.debugInfo;
  const parsedAuthors = debug?.authors_info?.authors_count;
  // One primary action: choosing files, unless dropped files wait for their Upload (the batch's own primary).
  const uploadWaits = batch.some((b) => b.state === 'ready');
  const moveTarget = moveTo.trim();

  return (
    <div className="manuscripts">
      <div className="toolbar">
        <button type="button" className={uploadWaits ? undefined : 'primary'} onClick={pick} aria-keyshortcuts="Control+O">
          <FileUp size={16} aria-hidden="true" />
          Upload manuscripts…
        </button>
        <SearchField
          id="manuscript-search"
          placeholder="Search title, abstract, authors"
          label="Search manuscripts"
          aria-keyshortcuts="Control+F"
          value={searchText}
          onText={(text) => void search(text)}
        />
        <span className="inline-field">
          <span aria-hidden="true">Folder</span>
          <Select
            label="Folder"
            value={folder ?? ''}
            options={[
              { value: '', label: 'All folders' },
              ...folders.map((f) => ({ value: f.name, label: `${f.name} (${f.manuscriptsCount})` })),
            ]}
            onChange={(v) => void setFolder(v || null)}
          />
        </span>
      </div>
      <Alert text={error} />
      <UploadQueue />
      {list.length === 0 && !hits && folder === null ? (
        batch.length === 0 ? (
          <EmptyState
            title="No manuscripts yet"
            next="Drop a PDF or DOCX here, or choose files: the app reads title, authors and abstract for you to check."
          >
            <button type="button" onClick={pick}>
              <FileUp size={16} aria-hidden="true" />
              Choose files
            </button>
          </EmptyState>
        ) : null
      ) : (
        <div className="split">
          <ul className="list" aria-label="Manuscripts">
            {shown.length === 0 ? (
              <li className="list-empty muted">{hits ? 'No manuscript matches. Try fewer words.' : 'No manuscripts in this folder.'}</li>
            ) : null}
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
                    {m.uploadedBy ? <span className="uploaded-by"> · uploaded by {m.uploadedBy}</span> : null}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          {detail ? (
            <section className="detail" aria-label="Manuscript">
              <h2>{detail.manuscript.title}</h2>
              <p className="meta">
                {detail.manuscript.folder} · {detail.manuscript.originId} · {STATE_LABEL[detail.manuscript.syncState]}
                {detail.manuscript.uploadedBy ? ` · uploaded by ${detail.manuscript.uploadedBy}` : ''}
              </p>
              <p>{detail.manuscript.authors.map((a) => a.name).join(', ')}</p>
              {parsedAuthors !== undefined && parsedAuthors !== detail.manuscript.authorsCount ? (
                <p className="warn">
                  The service found {parsedAuthors} authors in the file; the form said {detail.manuscript.authorsCount}.
                </p>
              ) : null}
              {debug || detail.manuscript.serviceId !== null ? (
                <details className="advanced" data-advanced="">
                  <summary>Advanced: what the service read</summary>
                  <dl className="debug" aria-label="What the service parsed">
                    {detail.manuscript.serviceId !== null ? (
                      <>
                        <dt>Number on the service</dt>
                        <dd>{detail.manuscript.serviceId}</dd>
                      </>
                    ) : null}
                    <dt>Source file</dt>
                    <dd>{debug?.source_file ?? '—'}</dd>
                    <dt>Text read</dt>
                    <dd>{debug?.parsed_text_len?.toLocaleString() ?? '—'} characters</dd>
                    <dt>References</dt>
                    <dd>{debug?.parsed_references ?? '—'}</dd>
                    <dt>Concepts</dt>
                    <dd>{debug?.extracted_concepts ?? '—'}</dd>
                    <dt>Authors found</dt>
                    <dd>
                      {parsedAuthors ?? '—'} ({debug?.authors_info?.emails_count ?? 0} e-mail addresses,{' '}
                      {debug?.authors_info?.orcids_count ?? 0} ORCID iDs)
                    </dd>
                  </dl>
                </details>
              ) : null}
              {detail.manuscript.abstract ? (
                <>
                  <h3>Abstract</h3>
                  <p className="abstract">{detail.manuscript.abstract}</p>
                </>
              ) : null}
              <h3>
                {detail.runs.length} run{detail.runs.length === 1 ? '' : 's'}
              </h3>
              {detail.runs.length === 0 ? (
                <p className="muted">Not uploaded yet: its candidates come with the first run.</p>
              ) : (
                <ol className="runs" aria-label="Runs">
                  {detail.runs
                    .slice()
                    .reverse()
                    .map((r) => (
                      <li key={r.id}>
                        Run {r.seq} · {new Date(r.uploadedAt).toLocaleString()}
                        {r.uploadedBy ? ` by ${r.uploadedBy}` : ''} · {r.folder} ·{' '}
                        {r.candidatesCount === null ? 'no candidates asked for' : `${r.candidatesCount} candidates`}
                      </li>
                    ))}
                </ol>
              )}
              <div className="row detail-actions">
                <button type="button" onClick={() => setView('candidates')} disabled={detail.runs.length === 0}>
                  <UsersRound size={16} aria-hidden="true" />
                  Candidates
                </button>
                <button type="button" onClick={() => setView('journals')} disabled={detail.manuscript.serviceId === null}>
                  <BookOpen size={16} aria-hidden="true" />
                  Journals
                </button>
                <button type="button" onClick={() => void reupload(detail.manuscript, {})}>
                  <RotateCw size={16} aria-hidden="true" />
                  Upload again
                </button>
                <button type="button" onClick={() => editAgain(detail.manuscript)}>
                  <Pencil size={16} aria-hidden="true" />
                  Edit and upload again
                </button>
              </div>
              {replaceAsk && replaceAsk.manuscriptId === detail.manuscript.id ? (
                <div className="duplicate-ask" role="group" aria-label="Replace a colleague’s upload">
                  <p data-testid="replace-colleague">
                    {replaceAsk.question} <strong>Upload anyway?</strong>
                  </p>
                  <button type="button" onClick={() => void answerReplace(true)}>
                    Upload anyway
                  </button>
                  <button type="button" onClick={() => void answerReplace(false)}>
                    Don’t upload
                  </button>
                </div>
              ) : null}
              <form
                className="row move-folder"
                aria-label="Move to another folder"
                onSubmit={(e) => {
                  e.preventDefault();
                  void reupload(detail.manuscript, { folder: moveTarget });
                  setMoveTo('');
                }}
              >
                <label htmlFor="move-folder">Move to folder</label>
                <input id="move-folder" placeholder="Another folder" value={moveTo} onChange={(e) => setMoveTo(e.target.value)} />
                <button type="submit" disabled={moveTarget === '' || moveTarget === detail.manuscript.folder}>
                  <FolderInput size={16} aria-hidden="true" />
                  Move
                </button>
              </form>
            </section>
          ) : (
            <EmptyState
              title="No manuscript selected"
              next="Choose one in the list to see what the service read from it, its runs and its candidates."
            />
          )}
        </div>
      )}
    </div>
  );
}

import { ArrowRight, ChevronDown, ChevronRight, FileText, Upload } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useApp } from '../../stores/app';
import { formProblems, lastFolder, useManuscripts, type BatchDefaults, type BatchItem } from '../../stores/manuscripts';
import { fieldsToCheck } from '../../../../electron/common/domain/intake';
import { checksSummary } from './checks';
import { BoundsFields, UploadForm } from './UploadForm';
import { FirstPage } from './FirstPage';
import { Required } from '../../components/Required';
import { Words, wordsText } from '../../components/Words';
import './uploads.css';

const STATE_TEXT = {
  staging: 'Copying…',
  reading: 'Reading the file…',
  ready: 'Check and upload',
  queued: 'Queued',
  failed: 'Problem',
  cancelled: 'Cancelled',
} as const;

/** The batch of dropped or picked files: one folder and one set of bounds for all, each file a card that opens to edit. */
export function UploadQueue() {
  const batch = useManuscripts((s) => s.batch);
  const folders = useManuscripts((s) => s.folders).map((f) => f.name);
  const progress = useManuscripts((s) => s.progress);
  const list = useManuscripts((s) => s.list);
  const { updateForm, submit, cancel, retry, clearDone, cancelUpload, retryUpload, uploadAll, answerDuplicate } = useManuscripts.getState();
  const queue = useRef<HTMLElement>(null);
  const [defaults, setDefaults] = useState<BatchDefaults>(() => ({ folder: lastFolder() }));
  const [open, setOpen] = useState<Record<string, boolean>>({});
  const ready = batch.filter((b) => b.state === 'ready' && !b.duplicate && !b.waiting);
  const hasFiles = batch.length > 0;
  // A new batch starts from the folder last uploaded to with this profile.
  useEffect(() => {
    if (hasFiles) setDefaults((d) => (d.folder ? d : { ...d, folder: lastFolder() }));
  }, [hasFiles]);
  // One file: its form is open. A batch: compact cards, one folder and bounds above them.
  const isBatch =
    batch.filter((b) => b.state === 'staging' || b.state === 'reading' || b.state === 'ready' || b.state === 'failed').length > 1;
  if (batch.length === 0) return null;
  const showCandidates = (item: BatchItem) => {
    if (item.manuscriptId === null) return;
    void useManuscripts.getState().select(item.manuscriptId);
    useApp.getState().setView('candidates');
  };
  return (
    <section className="upload-queue" aria-label="Uploads" ref={queue} tabIndex={-1}>
      <header className="row">
        <h2>Uploads</h2>
        <span className="spacer" />
        <button type="button" onClick={clearDone}>
          Clear finished
        </button>
      </header>
      {isBatch && ready.length > 0 ? (
        <form
          className="batch-bar"
          aria-label="The whole batch"
          onSubmit={(e) => {
            e.preventDefault();
            void uploadAll(defaults);
          }}
        >
          <label htmlFor="batch-folder">
            Folder for all <Required />
          </label>
          <input
            id="batch-folder"
            list="batch-folders"
            value={defaults.folder}
            placeholder="Journal code or panel"
            onChange={(e) => setDefaults({ ...defaults, folder: e.target.value })}
          />
          <datalist id="batch-folders">
            {folders.map((f) => (
              <option key={f} value={f} />
            ))}
          </datalist>
          <details className="batch-bounds">
            <summary>Bounds for all</summary>
            <div className="bounds">
              <BoundsFields values={defaults} onChange={setDefaults} />
            </div>
          </details>
          <span className="spacer" />
          <button type="submit" className="primary">
            <Upload size={16} aria-hidden="true" /> Upload all ({ready.length})
          </button>
        </form>
      ) : null}
      {batch.map((item) => {
        const p = item.manuscriptId !== null ? progress[item.manuscriptId] : undefined;
        const sync = item.manuscriptId !== null ? list.find((m) => m.id === item.manuscriptId)?.syncState : undefined;
        const sent = sync === 'synced';
        const refused = item.state === 'queued' && sync === 'failed';
        const asking = item.state === 'ready' && item.duplicate ? item.duplicate : null;
        const expanded = item.state === 'ready' && !asking && !item.waiting && (!isBatch || open[item.key] === true);
        const toggle = () => setOpen({ ...open, [item.key]: !expanded });
        const checks = item.state === 'ready' && item.intake ? fieldsToCheck(item.intake) : [];
        const problems = item.state === 'ready' ? formProblems({ ...item.form, folder: item.form.folder || defaults.folder }) : [];
        return (
          <article key={item.key} className={`upload-item ${item.state}`} aria-label={`Upload of ${item.name}`}>
            <header className="row">
              {isBatch && item.state === 'ready' && !asking && !item.waiting ? (
                // The card's header opens its form: the file's name is part of the button.
                <button
                  type="button"
                  className="card-toggle"
                  aria-expanded={expanded}
                  aria-label={`${expanded ? 'Close' : 'Edit'} the form of ${item.name}`}
                  onClick={toggle}
                >
                  {expanded ? <ChevronDown size={16} aria-hidden="true" /> : <ChevronRight size={16} aria-hidden="true" />}
                  <strong className="upload-name">{item.name}</strong>
                </button>
              ) : (
                <>
                  <FileText size={16} aria-hidden="true" />
                  <strong className="upload-name">{item.name}</strong>
                </>
              )}
              <span className="chip" data-testid="upload-state">
                {item.waiting ? 'Queued' : item.state === 'queued' && sent ? 'Sent' : refused ? 'Not sent' : STATE_TEXT[item.state]}
              </span>
              {item.state === 'queued' && p && !sent && !refused ? (
                <progress max={p.total} value={p.sent} aria-label={`Sending ${item.name}`} data-testid="upload-progress" />
              ) : null}
              <span className="spacer" />
              {sent ? (
                <button type="button" onClick={() => showCandidates(item)}>
                  Show candidates <ArrowRight size={14} aria-hidden="true" />
                </button>
              ) : null}
              {item.state === 'failed' && !item.permanent ? (
                <button type="button" onClick={() => void retry(item.key)}>
                  Retry
                </button>
              ) : null}
              {refused ? (
                <button type="button" onClick={() => void retryUpload(item.key)}>
                  Send again
                </button>
              ) : null}
              {/* A waiting upload is already core's to queue: it is cancelled from the list once queued. */}
              {item.state !== 'queued' && item.state !== 'cancelled' && !item.waiting ? (
                <button type="button" onClick={() => cancel(item.key)}>
                  Cancel
                </button>
              ) : null}
              {item.state === 'queued' && !sent ? (
                <CancelUpload name={item.name} onCancel={() => cancelUpload(item.key)} onGone={() => queue.current?.focus()} />
              ) : null}
            </header>
            {item.waiting ? (
              <p className="muted" data-testid="upload-waiting">
                Waiting for the demo service to start: the upload goes as soon as it answers.
              </p>
            ) : null}
            {asking ? (
              <div className="duplicate-ask" role="group" aria-label={`${item.name} is uploaded already`}>
                {asking.colleague ? (
                  <p data-testid="replace-colleague">
                    {asking.colleague} uploaded this manuscript already as “{asking.title}”. Uploading it replaces {asking.colleague}’s
                    upload on the service. <strong>Upload anyway?</strong>
                  </p>
                ) : (
                  <p>
                    {asking.sameFile ? 'This file was uploaded already' : 'A file of this name was uploaded already'} as “{asking.title}
                    ”. <strong>Upload again as run #{asking.nextRun}?</strong>
                  </p>
                )}
                <button type="button" className="primary" onClick={() => answerDuplicate(item.key, true)}>
                  {asking.colleague ? `Replace ${asking.colleague}’s upload` : `Upload again as run #${asking.nextRun}`}
                </button>
                <button type="button" onClick={() => answerDuplicate(item.key, false)}>
                  Don’t upload
                </button>
              </div>
            ) : null}
            {isBatch && item.state === 'ready' && !expanded && !asking ? (
              // A click on the summary opens the form too (the header's button is the keyboard's way).
              <p className="card-summary" onClick={toggle}>
                <span className="card-title">{item.form.title || 'No title read'}</span>
                <span className="muted">
                  {item.form.authors_count} author{item.form.authors_count === 1 ? '' : 's'}
                </span>
                {checks.length > 0 ? (
                  <span className="check-mark" data-testid="checks-summary">
                    {checksSummary(checks.length)}
                  </span>
                ) : null}
                {problems.length === 0 ? (
                  <span className="ok">Ready</span>
                ) : item.tried ? (
                  <span className="warn">{problems.join(' ')}</span>
                ) : null}
              </p>
            ) : null}
            {refused ? <RefusedReason reason={item.refusal ?? null} /> : null}
            {item.error ? (
              <div role="alert" className="error">
                <Words text={item.error} />
              </div>
            ) : null}
            {item.intake && item.intake.authors.length > 0 && item.form.authors_count !== item.intake.authors.length ? (
              <p className="warn">
                The file lists {item.intake.authors.length} authors; the form says {item.form.authors_count}.
              </p>
            ) : null}
            {expanded ? (
              <form
                onSubmit={(e) => {
                  e.preventDefault();
                  void submit(item.key);
                }}
              >
                <div className="upload-check">
                  <div>
                    <UploadForm
                      idPrefix={item.key}
                      form={item.form}
                      folders={folders}
                      lockOrigin={item.update}
                      checks={checks}
                      onChange={(f) => updateForm(item.key, f)}
                    />
                    <button type="submit" className={isBatch ? '' : 'primary'}>
                      <Upload size={16} aria-hidden="true" /> {item.update ? 'Upload new run' : 'Upload'}
                    </button>
                  </div>
                  {item.file ? <FirstPage fileId={item.file.id} name={item.name} /> : null}
                </div>
              </form>
            ) : null}
          </article>
        );
      })}
    </section>
  );
}

/** Why the service did not take an upload, in its words, with what the editor can do. */
function RefusedReason({ reason }: { reason: string | null }) {
  return (
    <div className="error" role="alert">
      The service did not take this upload{reason ? `: ${wordsText(reason)}` : '.'} Fix the form with “Edit and upload again”, send it
      again, or cancel it.
      {reason && wordsText(reason) !== reason ? <Words text={reason} detailOnly /> : null}
    </div>
  );
}

/** Cancel of a queued upload: one request at a time (a second click would wait on the first). */
function CancelUpload({ name, onCancel, onGone }: { name: string; onCancel: () => Promise<void>; onGone: () => void }) {
  const [busy, setBusy] = useState(false);
  // When the upload is cancelled this button goes away: keep the keyboard focus in the queue.
  const clicked = useRef(false);
  const gone = useRef(onGone);
  gone.current = onGone;
  useEffect(
    () => () => {
      const lost = document.activeElement === null || document.activeElement === document.body;
      if (clicked.current && lost) gone.current();
    },
    [],
  );
  return (
    <button
      type="button"
      disabled={busy}
      aria-label={`Cancel the upload of ${name}`}
      onClick={() => {
        clicked.current = true;
        setBusy(true);
        void onCancel().finally(() => setBusy(false));
      }}
    >
      {busy ? 'Cancelling…' : 'Cancel upload'}
    </button>
  );
}

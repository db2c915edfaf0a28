import { useEffect, useRef, useState } from 'react';
import { useManuscripts } from '../../stores/manuscripts';
import { UploadForm } from './UploadForm';

const STATE_TEXT = { staging: 'Copying…', reading: 'Reading the file…', ready: 'Check and upload', queued: 'Queued', failed: 'Problem', cancelled: 'Cancelled' } as const;

/** The batch of dropped or picked files: each pre-filled from the file, editable, then queued. */
export function UploadQueue() {
  const batch = useManuscripts((s) => s.batch);
  const folders = useManuscripts((s) => s.folders).map((f) => f.name);
  const progress = useManuscripts((s) => s.progress);
  const list = useManuscripts((s) => s.list);
  const { updateForm, submit, cancel, retry, clearDone, cancelUpload, retryUpload } = useManuscripts.getState();
  const queue = useRef<HTMLElement>(null);
  if (batch.length === 0) return null;
  return (
    <section className="upload-queue" aria-label="Uploads" ref={queue} tabIndex={-1}>
      <header className="row">
        <h2>Uploads</h2>
        <button type="button" onClick={clearDone}>
          Clear finished
        </button>
      </header>
      {batch.map((item) => {
        const p = item.manuscriptId !== null ? progress[item.manuscriptId] : undefined;
        const sync = item.manuscriptId !== null ? list.find((m) => m.id === item.manuscriptId)?.syncState : undefined;
        const sent = sync === 'synced';
        const refused = item.state === 'queued' && sync === 'failed';
        return (
          <article key={item.key} className={`upload-item ${item.state}`} aria-label={`Upload of ${item.name}`}>
            <header className="row">
              <strong>{item.name}</strong>
              <span className="chip" data-testid="upload-state">
                {item.state === 'queued' && sent ? 'Sent' : refused ? 'Not sent' : STATE_TEXT[item.state]}
              </span>
              {item.state === 'queued' && p && !sent && !refused ? (
                <progress max={p.total} value={p.sent} aria-label={`Sending ${item.name}`} data-testid="upload-progress" />
              ) : null}
              <span className="spacer" />
              {item.state === 'failed' ? (
                <button type="button" onClick={() => void retry(item.key)}>
                  Retry
                </button>
              ) : null}
              {refused ? (
                <button type="button" onClick={() => void retryUpload(item.key)}>
                  Send again
                </button>
              ) : null}
              {item.state !== 'queued' && item.state !== 'cancelled' ? (
                <button type="button" onClick={() => cancel(item.key)}>
                  Cancel
                </button>
              ) : null}
              {item.state === 'queued' && !sent ? <CancelUpload name={item.name} onCancel={() => cancelUpload(item.key)} onGone={() => queue.current?.focus()} /> : null}
            </header>
            {refused ? <RefusedReason reason={item.refusal ?? null} /> : null}
            {item.error ? (
              <p role="alert" className="error">
                {item.error}
              </p>
            ) : null}
            {item.intake && item.intake.authors.length > 0 && item.form.authors_count !== item.intake.authors.length ? (
              <p className="warn">The file lists {item.intake.authors.length} authors; the form says {item.form.authors_count}.</p>
            ) : null}
            {item.state === 'ready' ? (
              <form
                onSubmit={(e) => {
                  e.preventDefault();
                  void submit(item.key);
                }}
              >
                <UploadForm idPrefix={item.key} form={item.form} folders={folders} lockOrigin={item.update} onChange={(f) => updateForm(item.key, f)} />
                <button type="submit" className="primary">
                  {item.update ? 'Upload new run' : 'Upload'}
                </button>
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
    <p className="error" role="alert">
      The service did not take this upload{reason ? `: ${reason}` : '.'} Fix the form with “Edit and upload again”, send it again, or cancel it.
    </p>
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

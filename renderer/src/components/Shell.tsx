import { Suspense, useEffect, useState } from 'react';
import { viewLabel } from '../../../electron/common/domain/views';
import { VIEWS, useApp } from '../stores/app';
import { useManuscripts } from '../stores/manuscripts';
import { FilePickerInput, openFilePicker } from './FilePicker';
import { StatusBar } from './StatusBar';
import { whenIdle } from './idle';
import { Alert } from './Alert';
import { Words } from './Words';
import { ContextSlot } from './ContextHeader';
import { Nav } from './Nav';
import { VIEW_COMPONENTS, preloadView } from './views';

const isManuscriptFile = (name: string) => /\.(pdf|docx)$/i.test(name);

export function Shell() {
  const view = useApp((s) => s.view);
  const setView = useApp((s) => s.setView);
  const error = useApp((s) => s.error);
  const [dragging, setDragging] = useState(false);
  // Where a view's context header (the manuscript and run it shows) goes: beside the view's name, on one line.
  const [contextSlot, setContextSlot] = useState<HTMLElement | null>(null);
  const Content = VIEW_COMPONENTS[view];

  // The view editors open most after the first: its chunk fetched once the window is idle.
  useEffect(() => whenIdle(() => preloadView('candidates')), []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey && !e.ctrlKey && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) {
        // Alt+↓ opens a drop-down list and moves the caret in text fields: leave those alone.
        if (e.target instanceof HTMLElement && e.target.closest('select, input, textarea, [contenteditable="true"]')) return;
        e.preventDefault();
        void useManuscripts.getState().selectRelative(e.key === 'ArrowDown' ? 1 : -1);
        return;
      }
      if (!(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey) return;
      const key = e.key.toLowerCase();
      if (key === 'o') {
        // Opened within the keystroke: a browser shows a file chooser only during a user activation.
        e.preventDefault();
        setView('manuscripts');
        openFilePicker(useApp.getState().info?.host);
      } else if (key === 'f') {
        // The search of the view in front (candidates, groups…), else the manuscript search.
        e.preventDefault();
        const here = document.querySelector<HTMLInputElement>('.content [data-shortcut="search"]');
        if (here) return here.focus();
        setView('manuscripts');
        requestAnimationFrame(() => document.getElementById('manuscript-search')?.focus());
      } else {
        const target = VIEWS[Number.parseInt(e.key, 10) - 1];
        if (target) {
          e.preventDefault();
          setView(target);
        }
      }
    };
    // Drag and drop of one or many PDF/DOCX files anywhere on the window.
    const hasFiles = (e: DragEvent) => [...(e.dataTransfer?.types ?? [])].includes('Files');
    const onOver = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
      setDragging(true);
    };
    const onLeave = (e: DragEvent) => {
      if (e.relatedTarget === null) setDragging(false);
    };
    const onDrop = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      setDragging(false);
      const files = [...(e.dataTransfer?.files ?? [])];
      const accepted = files.filter((f) => isManuscriptFile(f.name));
      if (files.length > accepted.length) {
        useApp.setState({ notice: `${files.length - accepted.length} file(s) skipped: only PDF and DOCX manuscripts can be uploaded.` });
      }
      if (accepted.length === 0) return;
      setView('manuscripts');
      void useManuscripts.getState().addFiles(accepted.map((f) => ({ name: f.name, size: f.size, read: () => f.arrayBuffer(), file: f })));
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('dragover', onOver);
    window.addEventListener('dragleave', onLeave);
    window.addEventListener('drop', onDrop);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('dragover', onOver);
      window.removeEventListener('dragleave', onLeave);
      window.removeEventListener('drop', onDrop);
    };
  }, [setView]);
  const notice = useApp((s) => s.notice);

  return (
    <div className="shell">
      <Nav />
      <main className="content" aria-labelledby="view-title">
        {/* The view's name and, for a view of one manuscript, which one (no line under the name: the sidebar's tip says what a view is for). */}
        <div className="view-head">
          <h1 id="view-title">{viewLabel(view)}</h1>
          <div className="view-context" ref={setContextSlot} />
        </div>
        <Alert text={error} />
        {notice ? (
          <div role="status" className="warn notice">
            <Words text={notice} />{' '}
            <button type="button" onClick={() => useApp.setState({ notice: null })}>
              Dismiss
            </button>
          </div>
        ) : null}
        {error ? null : (
          <ContextSlot.Provider value={contextSlot}>
            <Suspense fallback={<p className="muted view-loading">Loading…</p>}>
              <Content />
            </Suspense>
          </ContextSlot.Provider>
        )}
      </main>
      {dragging ? (
        <div className="drop-overlay" aria-hidden="true">
          Drop PDF or DOCX manuscripts to upload them
        </div>
      ) : null}
      <StatusBar />
      <FilePickerInput />
    </div>
  );
}

import { ChevronDown, ChevronRight } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { drawFirstPage, type FirstPageOutcome } from './firstPage';

const HIDDEN_KEY = 'desk.firstPage.hidden';

const WORDS: Record<Exclude<FirstPageOutcome, 'drawn'>, string> = {
  docx: 'No preview for Word files — check the fields against the document.',
  'too-large': 'This PDF is too large to show here — check the fields against the file.',
  failed: 'The first page could not be shown — check the fields against the file.',
};

/** The manuscript's first page beside its upload form, to check the pre-filled title, authors and abstract
 * against. Drawn when the form opens; the editor can fold it away (remembered). */
export function FirstPage({ fileId, name }: { fileId: string; name: string }) {
  const [hidden, setHidden] = useState(() => localStorage.getItem(HIDDEN_KEY) === '1');
  const [outcome, setOutcome] = useState<FirstPageOutcome | 'loading'>('loading');
  const canvas = useRef<HTMLCanvasElement>(null);
  const pane = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (hidden || !canvas.current || !pane.current) return;
    const abort = new AbortController();
    setOutcome('loading');
    void drawFirstPage(fileId, canvas.current, pane.current.clientWidth, abort.signal).then((o) => {
      if (!abort.signal.aborted) setOutcome(o);
    });
    return () => abort.abort();
  }, [fileId, hidden]);
  const toggle = () => {
    localStorage.setItem(HIDDEN_KEY, hidden ? '0' : '1');
    setHidden(!hidden);
  };
  return (
    <aside className={`first-page${hidden ? ' folded' : ''}`} aria-label={`First page of ${name}`}>
      <button type="button" className="first-page-toggle" aria-expanded={!hidden} onClick={toggle}>
        {hidden ? <ChevronRight size={16} aria-hidden="true" /> : <ChevronDown size={16} aria-hidden="true" />} First page
      </button>
      {hidden ? null : (
        <div className="first-page-pane" ref={pane} tabIndex={0}>
          {outcome === 'loading' ? <p className="muted">Drawing the first page…</p> : null}
          {outcome !== 'loading' && outcome !== 'drawn' ? <p className="muted">{WORDS[outcome]}</p> : null}
          <canvas ref={canvas} role="img" aria-label={`First page of ${name}`} data-testid="first-page" hidden={outcome !== 'drawn'} />
        </div>
      )}
    </aside>
  );
}

import { FileText } from 'lucide-react';
import { createContext, useContext } from 'react';
import { createPortal } from 'react-dom';
import { boundsText } from '../../../electron/common/domain/candidates';
import type { ManuscriptRow, RunRow } from '../../../electron/common/shapes';

/** The place beside the view's name where the shell shows the context header (null: in the view itself). */
export const ContextSlot = createContext<HTMLElement | null>(null);

/** Which manuscript and which run a view shows: title, folder, manuscript id; run date and bounds. Shown on the
 *  view's heading line when the shell offers the place (ContextSlot), else where the view puts it. */
export function ContextHeader({ manuscript, run }: { manuscript: ManuscriptRow; run: RunRow | null | undefined }) {
  const slot = useContext(ContextSlot);
  const header = (
    <header className="context-header" aria-label="Manuscript shown" data-testid="context-header">
      <FileText size={18} aria-hidden="true" className="context-icon" />
      <div className="context-text">
        <p className="context-title" title={manuscript.title}>
          {manuscript.title}
        </p>
        <p className="context-meta">
          <span>Folder {manuscript.folder || '—'}</span>
          <span>Manuscript id {manuscript.originId}</span>
          {run ? (
            <span>
              Run #{run.seq} of {new Date(run.uploadedAt).toLocaleString()} · {boundsText(run.form)}
            </span>
          ) : (
            <span>Not uploaded yet</span>
          )}
        </p>
      </div>
    </header>
  );
  return slot ? createPortal(header, slot) : header;
}

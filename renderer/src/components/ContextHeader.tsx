import { FileText } from 'lucide-react';
import { boundsText } from '../../../electron/common/domain/candidates';
import type { ManuscriptRow, RunRow } from '../../../electron/common/views';

/** Which manuscript and which run a view shows: title, folder, manuscript id; run date and bounds. */
export function ContextHeader({ manuscript, run }: { manuscript: ManuscriptRow; run: RunRow | null | undefined }) {
  return (
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
}

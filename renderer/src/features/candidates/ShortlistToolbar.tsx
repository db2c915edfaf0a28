// The candidate view's batch actions. Nobody picked: the toolbar's export and copy act on the rows shown.
// People picked (on the shortlist): the actions name them ("Copy 5 e-mails") in a selection bar that takes
// the filters' place on the overview line (Linear's bulk bar), so the toolbar keeps one line at 1280 px; the
// filters are one "Filters" button in that bar. The Shortlist button, which shows the panel, stays in the toolbar.
import { Download, ListChecks, Mail } from 'lucide-react';
import type { ReactNode } from 'react';
import { toCsv } from '../../../../electron/common/domain/csv';
import { toXlsx } from '../../../../electron/common/domain/xlsx';
import type { CandidateRow } from '../../../../electron/common/shapes';
import { download } from '../../components/download';
import { actionLabels, actionTarget, shortlistEmails, shortlistExport } from './shortlistModel';
import { useOpenShortlist, useShortlistPanel } from './shortlistState';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The open manuscript's shortlist, or null while it is not loaded. */
export const useShortlistEntries = () => useOpenShortlist();

/** Shows or hides the shortlist panel; says how many are on it. */
export function ShortlistToggle() {
  const entries = useShortlistEntries();
  const open = useShortlistPanel((s) => s.open);
  return (
    <button
      type="button"
      aria-pressed={open}
      // Only while the panel is there: an id reference to nothing is invalid ARIA.
      aria-controls={open ? 'shortlist-panel' : undefined}
      onClick={() => useShortlistPanel.setState({ open: !open })}
      title={open ? 'Hide the shortlist' : 'Show the shortlist: order, notes, statuses, invitations'}
    >
      <ListChecks size={16} aria-hidden="true" /> Shortlist{entries && entries.length > 0 ? ` (${entries.length})` : ''}
    </button>
  );
}

/** Export (CSV, XLSX) and copy e-mails: of the shortlist when it has anyone, else of the table's rows. */
export function BatchActions({
  rows,
  exportName,
  onCsv,
  onXlsx,
  onCopy,
  onCopied,
}: {
  rows: readonly CandidateRow[];
  exportName: string;
  /** The table's own actions, used while the shortlist is empty. */
  onCsv: () => void;
  onXlsx: () => void;
  onCopy: () => Promise<void>;
  onCopied: (text: string) => void;
}) {
  const entries = useShortlistEntries();
  const target = actionTarget(entries, rows);
  const labels = actionLabels(target);
  const name = `${exportName}-shortlist`;
  // One primary action in the view: with the shortlist shown, its "Draft invitations" is the next step.
  const panelOpen = useShortlistPanel((s) => s.open);

  const csv = () => {
    if (target.kind === 'table') return onCsv();
    const t = shortlistExport(target.entries);
    download(`${name}.csv`, 'text/csv', toCsv(t.header, t.rows));
  };
  const xlsx = () => {
    if (target.kind === 'table') return onXlsx();
    const t = shortlistExport(target.entries);
    download(`${name}.xlsx`, XLSX, toXlsx('Shortlist', t.header, t.rows));
  };
  const copy = async () => {
    if (target.kind === 'table') return onCopy();
    const emails = shortlistEmails(target.entries);
    await navigator.clipboard.writeText(emails.join(', '));
    const missing = target.entries.length - emails.length;
    onCopied(`${emails.length} e-mails of the shortlist copied${missing > 0 ? ` (${missing} without a single e-mail address)` : ''}`);
  };

  return (
    <>
      {/* One compact pair: the visible "CSV" / "XLSX" is part of each button's full name ("Export CSV"). */}
      <span className="export-pair" role="group" aria-label="Export">
        <button type="button" onClick={csv} data-shortcut="export" aria-label={labels.csv} title={labels.title ?? labels.csv}>
          <Download size={16} aria-hidden="true" /> CSV
        </button>
        <button type="button" onClick={xlsx} aria-label={labels.xlsx} title={labels.title ?? labels.xlsx}>
          XLSX
        </button>
      </span>
      <button type="button" className={panelOpen ? undefined : 'primary'} onClick={() => void copy()} title={labels.title}>
        <Mail size={16} aria-hidden="true" /> {labels.copy}
      </button>
    </>
  );
}

/** The bar shown in the filter row's place while people are picked: their count, the batch actions, the filters. */
export function SelectionBar({ count, actions, filters }: { count: number; actions: ReactNode; filters: ReactNode }) {
  return (
    <div className="selection-bar" role="toolbar" aria-label="Picked people">
      <span className="selection-count" data-testid="picked-count">
        <ListChecks size={16} aria-hidden="true" /> <strong>{count}</strong> picked
      </span>
      {actions}
      <span className="spacer" />
      {filters}
    </div>
  );
}

// Why invitations are declined: by reason over every reviewer (declines, people, and how often those
// people accept when asked), then each person's reasons; exported as one CSV or XLSX table.
import { Download } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toCsv } from '../../../../electron/common/domain/csv';
import { declineReportTable, declineText, percent } from '../../../../electron/common/domain/rounds';
import { toXlsx } from '../../../../electron/common/domain/xlsx';
import { Drawer } from '../../components/Drawer';
import { RowsTable, type RowsTableProps } from '../../components/RowsTable';
import { download } from '../../components/download';
import { useQuery } from '../../data/queries';

const OVERALL_HEAD = ['Reason', 'Declines', 'People', 'Acceptance rate'];
const PEOPLE_HEAD = ['Reviewer', 'Reason', 'Declines'];

/** One table of the report under its heading; its name gives the table's class and test id and the heading's id. */
function ReportTable<T>({ name, title, ...table }: { name: string; title: string } & RowsTableProps<T>) {
  return (
    <section aria-labelledby={`declines-${name}-h`}>
      <h3 id={`declines-${name}-h`}>{title}</h3>
      <RowsTable className={`history declines-${name}`} data-testid={`declines-${name}`} {...table} />
    </section>
  );
}

export function DeclineReportDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { data: report, error } = useQuery('ledger.declines', open ? {} : null);
  const [note, setNote] = useState<string | null>(null);
  useEffect(() => {
    if (!open) setNote(null);
  }, [open]);
  const exportAs = (kind: 'csv' | 'xlsx') => {
    if (!report) return;
    const t = declineReportTable(report.overall, report.people);
    const name = `decline-reasons-${new Date().toISOString().slice(0, 10)}`;
    if (kind === 'csv') download(`${name}.csv`, 'text/csv', toCsv(t.header, t.rows));
    else
      download(
        `${name}.xlsx`,
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        toXlsx('Decline reasons', t.header, t.rows),
      );
    setNote(`${t.rows.length} rows exported`);
  };
  const empty = report !== null && report.overall.length === 0;
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title="Decline reasons"
      label="Decline reasons"
      closeLabel="Close the decline reasons"
      className="decline-report"
    >
      {error ? <p className="error">{error}</p> : null}
      {empty ? <p className="muted">Nobody has declined yet. When someone does, the reason you record shows here.</p> : null}
      {report && !empty ? (
        <div className="card">
          <div className="toolbar" role="toolbar" aria-label="Decline report tools">
            <span className="spacer" />
            {note ? (
              <span className="muted" role="status">
                {note}
              </span>
            ) : null}
            <button type="button" onClick={() => exportAs('csv')}>
              <Download size={16} aria-hidden="true" /> Export CSV
            </button>
            <button type="button" onClick={() => exportAs('xlsx')}>
              <Download size={16} aria-hidden="true" /> Export XLSX
            </button>
          </div>
          <ReportTable name="overall" title="All reviewers" head={OVERALL_HEAD} rows={report.overall} rowKey={(r) => r.reason ?? 'none'}>
            {(r) => (
              <>
                <td>{r.label}</td>
                <td className="num">{r.declines}</td>
                <td className="num">{r.people}</td>
                <td className="num" title="How often these people accept when asked (accepted among all their answers)">
                  {percent(r.acceptanceRate) || '—'}
                </td>
              </>
            )}
          </ReportTable>
          <ReportTable
            name="people"
            title="By person"
            head={PEOPLE_HEAD}
            rows={report.people}
            rowKey={(p) => `${p.personId}-${p.reason ?? ''}-${p.text ?? ''}`}
          >
            {(p) => (
              <>
                <td>
                  {p.name}
                  {p.email ? <div className="muted">{p.email}</div> : null}
                </td>
                <td>{declineText(p.reason, p.text)}</td>
                <td className="num">{p.declines}</td>
              </>
            )}
          </ReportTable>
        </div>
      ) : null}
    </Drawer>
  );
}

// Why invitations are declined: by reason over every reviewer (declines, people, and how often those
// people accept when asked), then each person's reasons; exported as one CSV or XLSX table.
import { Download } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toCsv } from '../../../../electron/common/domain/csv';
import { declineReportTable, declineText, percent } from '../../../../electron/common/domain/rounds';
import { toXlsx } from '../../../../electron/common/domain/xlsx';
import { Drawer } from '../../components/Drawer';
import { RowsTable } from '../../components/RowsTable';
import { download } from '../../components/download';
import { useQuery } from '../../data/queries';

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
          <section aria-labelledby="declines-all-h">
            <h3 id="declines-all-h">All reviewers</h3>
            <RowsTable
              className="history declines-overall"
              data-testid="declines-overall"
              head={['Reason', 'Declines', 'People', 'Acceptance rate']}
              rows={report.overall}
              rowKey={(r) => r.reason ?? 'none'}
            >
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
            </RowsTable>
          </section>
          <section aria-labelledby="declines-people-h">
            <h3 id="declines-people-h">By person</h3>
            <RowsTable
              className="history declines-people"
              data-testid="declines-people"
              head={['Reviewer', 'Reason', 'Declines']}
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
            </RowsTable>
          </section>
        </div>
      ) : null}
    </Drawer>
  );
}

import { Download, MessageSquareX } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { toCsv } from '../../../../electron/common/domain/csv';
import { ledgerTable } from '../../../../electron/common/domain/shortlist';
import { toXlsx } from '../../../../electron/common/domain/xlsx';
import type { LedgerPersonRow, LedgerSortKey } from '../../../../electron/common/shapes';
import { Alert } from '../../components/Alert';
import { EmptyState } from '../../components/EmptyState';
import { VirtualTable, type Column } from '../../components/VirtualTable';
import { download } from '../../components/download';
import { errorText } from '../../platform/instance';
import { useApp } from '../../stores/app';
import { everyLedgerMatch } from '../../stores/ledgerExport';
import { useKeepFresh, useQuery, useQuerySelect } from '../../data/queries';
import { DoNotInviteChip } from '../../components/FlagChips';
import { LEDGER_COLUMNS, nextSort } from './format';
import { PersonDrawer } from './PersonDrawer';
import { DeclineReportDrawer } from './DeclineReport';
import { availabilityText, today, unavailableOn } from '../../../../electron/common/domain/rounds';
import { SearchField } from '../../components/SearchField';

/** Rows the list holds at once; the export asks core for every match, page by page. */
const PAGE = 500;
const EXPORT_MAX = 50_000;

export function ReviewersView() {
  const [text, setText] = useState('');
  const [sort, setSort] = useState<{ by: LedgerSortKey; dir: 'asc' | 'desc' }>({ by: 'invited', dir: 'desc' });
  const [openId, setOpenId] = useState<number | null>(null);
  const [actError, setActError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [report, setReport] = useState(false);
  // With an editorial office the counts are the office's; "Only mine" shows the editor's own.
  const office = useApp((s) => s.status?.office !== undefined);
  const [mineOnly, setMineOnly] = useState(false);
  const mine = office && mineOnly;

  const asked = { ...(text.trim() ? { text: text.trim() } : {}), ...(mine ? { mine: true } : {}), sort, limit: PAGE };
  // The last list stays while another search's is on its way (no empty flash per keystroke).
  const { data: page, loading, error: loadError } = useQuery('ledger.query', asked, { keepPrevious: true });
  // The do-not-invite list, shown on each person it names.
  useKeepFresh('doNotInvite.list', {});

  const openPerson = useCallback((p: LedgerPersonRow) => setOpenId(p.personId), []);

  const columns: Column<LedgerPersonRow>[] = useMemo(
    () =>
      LEDGER_COLUMNS.map((c) => ({
        key: c.key,
        label: c.label,
        width: c.width,
        sortable: true,
        ...(c.align ? { align: c.align } : {}),
        render:
          c.key === 'name'
            ? (p: LedgerPersonRow) => (
                <span className="name-cell">
                  <span className="line1">
                    <ListedChip personId={p.personId} />
                    <button type="button" className="linklike name" tabIndex={-1} onClick={() => openPerson(p)}>
                      {p.name}
                    </button>
                    {p.membersCount > 1 ? (
                      <span className="chip" title={`${p.membersCount} author records merged into this person`}>
                        {p.membersCount} records
                      </span>
                    ) : null}
                  </span>
                  <span className="line2 muted" title={p.affiliation ?? ''}>
                    {/* The date goes first on the second line: the name keeps the first line whole. */}
                    {unavailableOn(p.unavailableUntil, today(Date.now())) ? (
                      <span className="away-text" data-testid="unavailable" title={availabilityText(p.unavailableUntil!)}>
                        {availabilityText(p.unavailableUntil!).replace(/^Unavailable/, 'Away')}
                        {' · '}
                      </span>
                    ) : null}
                    {p.affiliation ?? 'Affiliation unknown'}
                  </span>
                </span>
              )
            : c.text,
      })),
    [openPerson],
  );

  const exportAs = async (kind: 'csv' | 'xlsx') => {
    try {
      const people = await everyLedgerMatch(
        { ...(text.trim() ? { text: text.trim() } : {}), ...(mine ? { mine: true } : {}), sort },
        EXPORT_MAX,
      );
      const t = ledgerTable(people);
      const name = `reviewers-${new Date().toISOString().slice(0, 10)}`;
      if (kind === 'csv') download(`${name}.csv`, 'text/csv', toCsv(t.header, t.rows));
      else
        download(
          `${name}.xlsx`,
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          toXlsx('Reviewers', t.header, t.rows),
        );
      setNote(`${people.length} ${people.length === 1 ? 'person' : 'people'} exported`);
      setActError(null);
    } catch (e) {
      setActError(errorText(e));
    }
  };

  const rows = page?.rows ?? [];
  const total = page?.total ?? 0;
  const nobody = page !== null && total === 0 && !text.trim();
  return (
    <div className="reviewers">
      <div className="toolbar" role="toolbar" aria-label="Reviewer tools">
        <SearchField placeholder="Name or affiliation" label="Search reviewers by name or affiliation" value={text} onText={setText} />
        {office ? (
          <label title="Without it, the counts include every editor of your office">
            <input type="checkbox" checked={mineOnly} onChange={(e) => setMineOnly(e.target.checked)} /> Only mine
          </label>
        ) : null}
        <span role="status" className="muted" data-testid="reviewers-count">
          {total.toLocaleString()} {total === 1 ? 'person' : 'people'}
          {total > rows.length ? ` · first ${rows.length.toLocaleString()} shown` : ''}
        </span>
        {note ? (
          <span className="muted" role="status">
            {note}
          </span>
        ) : null}
        <span className="spacer" />
        <button type="button" onClick={() => setReport(true)}>
          <MessageSquareX size={16} aria-hidden="true" /> Decline reasons
        </button>
        <button type="button" className="primary" onClick={() => void exportAs('csv')} data-shortcut="export" disabled={total === 0}>
          <Download size={16} aria-hidden="true" /> Export CSV
        </button>
        <button type="button" onClick={() => void exportAs('xlsx')} disabled={total === 0}>
          <Download size={16} aria-hidden="true" /> Export XLSX
        </button>
      </div>
      <Alert text={actError ?? loadError} />
      {nobody ? (
        <EmptyState
          title="No reviewers yet"
          next="Everyone the service suggests for your manuscripts appears here, with the invitations you send and their answers."
        />
      ) : (
        <VirtualTable
          label="Reviewers"
          columns={columns}
          rows={rows}
          rowHeight={36}
          sort={{ key: sort.by, dir: sort.dir }}
          onSort={(k) => setSort((s) => nextSort(s, k as LedgerSortKey))}
          onActivate={openPerson}
          empty={loading ? 'Loading…' : 'Nobody matches this search.'}
        />
      )}
      <DeclineReportDrawer open={report} onClose={() => setReport(false)} />
      <PersonDrawer personId={openId} onShow={setOpenId} onClose={() => setOpenId(null)} onSplitError={setActError} />
    </div>
  );
}

/** "Do not invite" before a person's name while their entry on the list holds (the reason on hover). */
function ListedChip({ personId }: { personId: number }) {
  const entry = useQuerySelect('doNotInvite.list', {}, (s) => s.data?.find((d) => d.personId === personId && d.active), { ask: false });
  if (!entry) return null;
  return <DoNotInviteChip entry={entry} compact />;
}

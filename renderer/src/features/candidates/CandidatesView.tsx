import { Boxes } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { AuthorsGroupsSettings } from '../../../../electron/common/service';
import { boundsText, candidateTable, visibleColumns } from '../../../../electron/common/domain/candidates';
import { toCsv } from '../../../../electron/common/domain/csv';
import { singleAddresses } from '../../../../electron/common/domain/mailto';
import { toXlsx } from '../../../../electron/common/domain/xlsx';
import type { CandidateRow } from '../../../../electron/common/shapes';
import { VirtualTable, type Column } from '../../components/VirtualTable';
import { download } from '../../components/download';
import { CandidateFilters } from './CandidateFilters';
import { CandidateDrawer } from './CandidateCard';
import { renderCell, type CellContext } from './cells';
import { ColumnChooser } from './ColumnChooser';
import { useColumnChars } from './useColumnChars';
import { useColumnLayout } from './useColumnLayout';
import { ContextHeader } from '../../components/ContextHeader';
import { Select } from '../../components/Select';
import { EmptyState } from '../../components/EmptyState';
import { RunChanges } from './RunChanges';
import { ScoreChart } from './ScoreChart';
import { SHORTLIST_COLUMN, onShortlistKey } from './ShortlistCheck';
import { ShortlistArea } from './ShortlistPanel';
import { BatchActions, SelectionBar, ShortlistToggle, useShortlistEntries } from './ShortlistToolbar';
import { afterPaint, useCandidates, type SortKey } from '../../stores/candidates';
import { useManuscripts } from '../../stores/manuscripts';
import { Alert } from '../../components/Alert';
import { useCandidateLoad } from '../../stores/loads';
import { useKeepFresh, useQuerySelect, type QueryState } from '../../data/queries';
import type { PersonFlagRow } from '../../../../electron/common/shapes';
import { AuthorRequestsDrawer } from './AuthorRequests';
import { SearchField } from '../../components/SearchField';

const EFFECT_TEXT: Record<string, string> = {
  limit_to: ': candidates were searched only inside these groups.',
  highlight: ': members are marked with a group chip and a bar at the row’s edge.',
  boost: ': members’ scores were multiplied.',
};

/** Two lines (name, affiliation) in 36 px: at 1280×720 the editor sees 14 candidates or more. */
const ROW_HEIGHT = 36;

/** The run's authors groups setting, in a chip on the overview line; what the effect did, on hover and to screen readers. */
function GroupsSetting({ settings }: { settings: AuthorsGroupsSettings }) {
  const names = settings.authors_groups.map((g) => g.label ?? g.name).join(', ');
  const times = settings.effect === 'boost' && settings.boost_multiplier !== undefined ? ` ×${settings.boost_multiplier}` : '';
  const what = EFFECT_TEXT[settings.effect] ?? ': the service applied this setting; Referee Desk does not know what it does.';
  const full = `Authors groups ${names} — effect ${settings.effect}${times}${what}`;
  return (
    <span className="chip settings-note" title={full} aria-label={full} role="note">
      <Boxes size={14} aria-hidden="true" />
      <span className="ellipsis">
        {names} · {settings.effect}
        {times}
      </span>
    </span>
  );
}

const countRows = (s: QueryState<readonly unknown[]>): number => s.data?.length ?? 0;
const countOpposed = (s: QueryState<readonly PersonFlagRow[]>): number => s.data?.filter((f) => f.opposed).length ?? 0;

export function CandidatesView() {
  // The detail of the manuscript selected last: while another one's detail is still on its way, the old
  // one would open the old manuscript's newest run and then this one's again (two 500-row queries).
  const detail = useManuscripts((s) => (s.detail && s.detail.manuscript.id !== s.selectedId ? null : s.detail));
  const switching = useManuscripts((s) => s.detail !== null && s.detail.manuscript.id !== s.selectedId);
  const { runId, rows, total, query, comparison, comparing, author, evidence, selected, showing, error, loading, partial } =
    useCandidates();
  const { open, setQuery, sortBy, compare, showAuthor, allRows } = useCandidates.getState();
  const runs = useMemo(() => detail?.runs ?? [], [detail]);
  const [copied, setCopied] = useState<string | null>(null);
  const [showChanges, setShowChanges] = useState(false);
  // The h-index spread is drawn only while its disclosure is open: closed, it is no work over every row.
  const [chartOpen, setChartOpen] = useState(false);
  const [layout, setLayout] = useColumnLayout();
  const picked = useShortlistEntries()?.length ?? 0;
  // The authors' requests of this manuscript and its people's flags (opposed, suggested, do not invite, bounced).
  const manuscriptId = detail?.manuscript.id ?? null;
  const [requestsOpen, setRequestsOpen] = useState(false);
  const ofManuscript = manuscriptId === null ? null : { manuscriptId };
  const requestCount = useQuerySelect('requests.list', ofManuscript, countRows);
  const opposedCount = useQuerySelect('people.flags', ofManuscript, countOpposed);

  // Follow the manuscript's newest run when it changes (another manuscript, a new upload) — not on every
  // reload of the same runs (a webhook, a sync), which would pull the editor off an older run they chose.
  const latestSeen = useRef<number | null | undefined>(undefined);
  useEffect(() => {
    if (switching) return;
    const latest = runs.at(-1) ?? null;
    const previous = runs.at(-2) ?? null;
    const current = useCandidates.getState().runId;
    const runStillThere = current !== null && runs.some((r) => r.id === current);
    if (latest?.id === latestSeen.current && (runStillThere || latest === null)) return;
    latestSeen.current = latest?.id ?? null;
    if (latest && latest.id !== current) void open(latest.id, previous?.id ?? null);
    // Opened already when the manuscript was selected (stores/manuscripts): only the previous run was unknown then.
    else if (latest) useCandidates.getState().setPrevious(previous?.id ?? null);
    if (!latest && current !== null) void open(null);
  }, [runs, open, switching]);

  const moved = useMemo(() => {
    const m = new Map<number, string>();
    if (!comparison) return m;
    for (const c of comparison.added) m.set(c.authorId, 'New');
    for (const c of comparison.moved) m.set(c.authorId, c.delta > 0 ? `↑${c.delta}` : `↓${-c.delta}`);
    return m;
  }, [comparison]);

  // Load badges and folder-author warnings of the run shown (ledger.loads, kept fresh by its READS topics).
  // Each name cell listens to its own person (CandidateLoad), so the answer does not re-render the table.
  // Asked for once the run's rows are all in: neither core's answer nor its render comes before the table's
  // first paint.
  // A run opened with its first page only (stores/candidates): the rest is asked for once the view has
  // painted that page (the answer, its parse and the table's update come after the first frame). Selecting
  // a manuscript in the list without showing its candidates prefetches the first page only.
  useEffect(() => {
    if (!partial || !detail) return;
    void afterPaint().then(() => useCandidates.getState().rest());
  }, [partial, detail]);
  const rowsIn = runId !== null && !partial && (!loading || rows.length > 0);
  useKeepFresh('ledger.loads', rowsIn ? { runId } : null);
  const selectedLoad = useCandidateLoad(runId, selected?.authorId);

  const maxScore = useMemo(() => rows.reduce((m, r) => Math.max(m, r.score ?? 0), 0) || 1, [rows]);
  const run = runs.find((r) => r.id === runId);
  const settings = run?.authorsGroupsSettings ?? null;

  // Stable columns: the memoised rows re-render only when what a cell shows changes, not per store update.
  const groupEffect = settings?.effect ?? null;
  const openRow = useCallback((c: CandidateRow) => void showAuthor(c.authorId, c), [showAuthor]);
  // E-mails stay on one line, shortened in the middle to what their column holds (measured once per resize).
  const emailChars = useColumnChars('.candidates', 'email', 34);
  const columns: Column<CandidateRow>[] = useMemo(() => {
    const cellContext: CellContext = { maxScore, emailChars, moved, groupEffect, onOpen: openRow, onCopied: setCopied };
    const shown = visibleColumns(layout).map((c) => ({
      key: c.screen.sort ?? c.key,
      label: c.screen.header ?? c.label,
      width: c.screen.width,
      sortable: c.screen.sort !== undefined,
      ...(c.screen.align ? { align: c.screen.align } : {}),
      render: (row: CandidateRow) => renderCell(c.key, row, cellContext),
    }));
    return [SHORTLIST_COLUMN, ...shown];
  }, [layout, maxScore, emailChars, moved, groupEffect, openRow]);
  const rowClass = useCallback(
    (c: CandidateRow) =>
      [c.conflictCount > 0 ? 'has-coi' : '', c.authorsGroups.length > 0 && groupEffect === 'highlight' ? 'highlight' : ''].join(' '),
    [groupEffect],
  );

  const sort = query.sort?.[0];
  // Stable while the sort stays: the table's memoised header then skips the view's other updates.
  const tableSort = useMemo(() => ({ key: sort?.by ?? 'rank', dir: sort?.dir ?? 'asc' }), [sort?.by, sort?.dir]);
  const onSort = useCallback((k: string) => void sortBy(k as SortKey), [sortBy]);
  const exportName = `${detail?.manuscript.originId ?? 'candidates'}-run${run?.seq ?? ''}`;
  const exportCsv = async () => {
    const t = candidateTable(await allRows());
    download(`${exportName}.csv`, 'text/csv', toCsv(t.header, t.rows));
  };
  const exportXlsx = async () => {
    const t = candidateTable(await allRows());
    download(
      `${exportName}.xlsx`,
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      toXlsx('Candidates', t.header, t.rows),
    );
  };

  const copyEmails = async () => {
    // Only single addresses: `a@x,b@y` in one row would paste into a To: field as two recipients.
    const emails = singleAddresses((await allRows()).map((r) => r.email));
    await navigator.clipboard.writeText(emails.join(', '));
    setCopied(`${emails.length} e-mail addresses copied`);
  };

  const batchActions = (
    <BatchActions
      rows={rows}
      exportName={exportName}
      onCsv={() => void exportCsv()}
      onXlsx={() => void exportXlsx()}
      onCopy={copyEmails}
      onCopied={setCopied}
    />
  );
  const filters = (compact: boolean) => <CandidateFilters settings={settings} groupIds={run?.groupIds ?? []} compact={compact} />;

  if (switching) return <p className="muted view-loading">Loading…</p>;
  if (!detail)
    return (
      <EmptyState
        title="No manuscript selected"
        next="Open Manuscripts and select one, or drop a PDF or DOCX on the window to upload a new one."
      />
    );
  if (runs.length === 0)
    return (
      <>
        <ContextHeader manuscript={detail.manuscript} run={null} />
        <EmptyState
          title="No candidates yet"
          next="Candidates appear here when the upload comes back from the service; Activity shows what is still waiting to be sent."
        />
      </>
    );

  const fromRun = comparison ? runs.find((r) => r.id === comparison.fromRunId) : undefined;
  return (
    <div className="candidates" aria-busy={partial || undefined} onKeyDown={(e) => onShortlistKey(e, rows)}>
      <ContextHeader manuscript={detail.manuscript} run={run} />
      <div className="toolbar" role="toolbar" aria-label="Candidate tools">
        <Select
          className="run-select"
          label="Run"
          value={runId === null || runId === undefined ? '' : String(runId)}
          options={runs.map((r) => ({
            value: String(r.id),
            label: `Run #${r.seq} · ${new Date(r.uploadedAt).toLocaleDateString()} · ${boundsText(r.form)} · ${r.candidatesCount ?? 'no'} candidates`,
          }))}
          onChange={(value) =>
            void open(Number(value), runs.find((r) => r.seq === (runs.find((x) => x.id === Number(value))?.seq ?? 0) - 1)?.id ?? null)
          }
        />
        <SearchField
          placeholder="Name or affiliation"
          label="Filter by name or affiliation"
          value={query.text ?? ''}
          onText={(text) => void setQuery({ text: text || undefined })}
        />
        <button
          type="button"
          onClick={() => setRequestsOpen(true)}
          title="The authors’ opposed and suggested reviewers from the cover letter"
        >
          Authors’ requests{requestCount > 0 ? ` (${requestCount})` : ''}
        </button>
        <span className="spacer" />
        <ColumnChooser layout={layout} onChange={setLayout} />
        <ShortlistToggle />
        {picked === 0 ? batchActions : null}
      </div>
      {/* One line under the toolbar: the picked people's bar or the filters, how many are shown, the run's groups setting,
          the comparison. */}
      <div className="overview" aria-label="Overview" role="group">
        {picked > 0 ? <SelectionBar count={picked} actions={batchActions} filters={filters(true)} /> : null}
        <span className="overview-count">
          <strong data-testid="candidates-count">{total.toLocaleString()}</strong> candidates
        </span>
        {picked > 0 ? null : filters(false)}
        {settings ? <GroupsSetting settings={settings} /> : null}
        {/* The comparison's switches sit on the overview line, beside what it found: the toolbar stays one line at 1280 px. */}
        {runs.length > 1 ? (
          <label className="check compare-toggle" title="Compare with the previous run: who is new, dropped or moved">
            <input
              type="checkbox"
              checked={comparing}
              onChange={(e) => {
                setShowChanges(true);
                void compare(e.target.checked);
              }}
            />
            Compare runs
          </label>
        ) : null}
        {comparison ? (
          <fieldset className="segmented">
            <legend className="sr-only">Table</legend>
            <label>
              <input type="radio" name="cand-table" checked={!showChanges} onChange={() => setShowChanges(false)} /> Candidates
            </label>
            <label>
              <input type="radio" name="cand-table" checked={showChanges} onChange={() => setShowChanges(true)} /> Changes
            </label>
          </fieldset>
        ) : null}
        {copied ? (
          <span className="muted" role="status">
            {copied}
          </span>
        ) : null}
        {comparison ? (
          <section aria-label="Changes since the previous run" className="inline-section">
            <p>
              Since run #{fromRun?.seq} ({fromRun ? boundsText(fromRun.form) : ''}): {comparison.added.length} new ·{' '}
              {comparison.dropped.length} dropped · {comparison.moved.length} moved · {comparison.unchanged} unchanged
            </p>
          </section>
        ) : null}
        {opposedCount > 0 ? (
          <label className="check">
            <input
              type="checkbox"
              checked={query.showOpposed === true}
              onChange={(e) => void setQuery({ showOpposed: e.target.checked || undefined })}
            />
            Show opposed ({opposedCount})
          </label>
        ) : null}
        <span className="spacer" />
        <details className="chart-details" onToggle={(e) => setChartOpen(e.currentTarget.open)}>
          <summary>h-index spread</summary>
          {chartOpen ? <ScoreChart rows={rows} /> : null}
        </details>
      </div>
      <Alert text={error} />
      {comparison && showChanges ? (
        <RunChanges
          comparison={comparison}
          fromSeq={fromRun?.seq}
          toSeq={runs.find((r) => r.id === comparison.toRunId)?.seq}
          exportName={exportName}
        />
      ) : (
        <VirtualTable
          label="Referee candidates"
          columns={columns}
          rows={rows}
          rowHeight={ROW_HEIGHT}
          rowClass={rowClass}
          sort={tableSort}
          onSort={onSort}
          onActivate={openRow}
          empty={loading ? 'Loading…' : 'No candidate matches these filters: loosen or clear them.'}
        />
      )}
      <ShortlistArea />
      <AuthorRequestsDrawer open={requestsOpen} onClose={() => setRequestsOpen(false)} manuscriptId={detail.manuscript.id} runId={runId} />
      <CandidateDrawer
        open={showing !== null}
        name={selected?.name ?? author?.name ?? ''}
        onClose={() => void showAuthor(null)}
        row={selected}
        history={author}
        manuscript={detail.manuscript}
        topScore={maxScore}
        total={total}
        load={selectedLoad}
        evidence={evidence}
      />
    </div>
  );
}

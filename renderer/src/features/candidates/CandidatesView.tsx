import { useEffect, useMemo, useRef, useState } from 'react';
import { candidateTable } from '../../../../electron/common/domain/candidates';
import { conflictBadges } from '../../../../electron/common/domain/conflicts';
import { toCsv } from '../../../../electron/common/domain/csv';
import { toXlsx } from '../../../../electron/common/domain/xlsx';
import type { CandidateRow } from '../../../../electron/common/views';
import { VirtualTable, type Column } from '../../components/VirtualTable';
import { download } from '../../components/download';
import { CandidateFilters } from './CandidateFilters';
import { CandidateCard } from './CandidateCard';
import { RunChanges } from './RunChanges';
import { ScoreChart } from './ScoreChart';
import { useCandidates, type SortKey } from '../../stores/candidates';
import { useManuscripts } from '../../stores/manuscripts';
import { Alert } from '../../components/Alert';

const EFFECT_TEXT: Record<string, string> = {
  limit_to: ': candidates were searched only inside these groups.',
  highlight: ': members are marked with a group chip and a bar at the row’s edge.',
  boost: ': members’ scores were multiplied.',
};

/** One formatter for every cell: toLocaleString builds a new one per call, which shows while scrolling. */
const NUMBER = new Intl.NumberFormat();
const num = (v: number | null) => (v === null ? '—' : NUMBER.format(v));

export function CandidatesView() {
  const detail = useManuscripts((s) => s.detail);
  const { runId, rows, total, query, comparison, comparing, author, selected, error, loading } = useCandidates();
  const { open, setQuery, sortBy, compare, showAuthor } = useCandidates.getState();
  const runs = useMemo(() => detail?.runs ?? [], [detail]);
  const [copied, setCopied] = useState<string | null>(null);
  const [showChanges, setShowChanges] = useState(true);

  // Follow the manuscript's newest run when it changes (another manuscript, a new upload) — not on every
  // reload of the same runs (a webhook, a sync), which would pull the editor off an older run they chose.
  const latestSeen = useRef<number | null | undefined>(undefined);
  useEffect(() => {
    const latest = runs.at(-1) ?? null;
    const previous = runs.at(-2) ?? null;
    const current = useCandidates.getState().runId;
    const runStillThere = current !== null && runs.some((r) => r.id === current);
    if (latest?.id === latestSeen.current && (runStillThere || latest === null)) return;
    latestSeen.current = latest?.id ?? null;
    if (latest && latest.id !== current) void open(latest.id, previous?.id ?? null);
    if (!latest && current !== null) void open(null);
  }, [runs, open]);

  const moved = useMemo(() => {
    const m = new Map<number, string>();
    if (!comparison) return m;
    for (const c of comparison.added) m.set(c.authorId, 'New');
    for (const c of comparison.moved) m.set(c.authorId, c.delta > 0 ? `↑${c.delta}` : `↓${-c.delta}`);
    return m;
  }, [comparison]);

  const maxScore = useMemo(() => rows.reduce((m, r) => Math.max(m, r.score ?? 0), 0) || 1, [rows]);
  const run = runs.find((r) => r.id === runId);
  const settings = run?.authorsGroupsSettings ?? null;
  const groupIds = new Set(settings?.authors_groups.map((g) => g.id) ?? []);

  const columns: Column<CandidateRow>[] = [
    { key: 'rank', label: '#', width: '48px', sortable: true, align: 'right', render: (c) => c.rank + 1 },
    {
      key: 'name',
      label: 'Name',
      width: 'minmax(180px, 1.3fr)',
      sortable: true,
      render: (c) => (
        <span className="name-cell">
          {moved.get(c.authorId) ? <span className={`chip ${moved.get(c.authorId) === 'New' ? 'new' : 'moved'}`}>{moved.get(c.authorId)}</span> : null}
          <button type="button" className="linklike" onClick={() => void showAuthor(c.authorId, c)} title="Details, conflicts in plain words, and how often this person was suggested and marked">
            {c.name}
          </button>
          {c.marked ? <span className="chip marked" title="Marked as referee in the service">Marked</span> : null}
        </span>
      ),
    },
    {
      key: 'score',
      label: 'Score',
      width: '110px',
      sortable: true,
      render: (c) => (
        <span className="score" title={c.score === null ? '' : c.score.toFixed(3)}>
          <span className="bar" style={{ width: `${Math.round(100 * Math.min(1, (c.score ?? 0) / maxScore))}%` }} />
          {c.score === null ? '—' : c.score.toFixed(2)}
        </span>
      ),
    },
    { key: 'hIndex', label: 'h-index', width: '82px', sortable: true, align: 'right', render: (c) => num(c.hIndex) },
    { key: 'articles', label: 'Articles', width: '84px', sortable: true, align: 'right', render: (c) => num(c.articlesCount) },
    { key: 'citations', label: 'Citations', width: '92px', sortable: true, align: 'right', render: (c) => num(c.citationsCount) },
    { key: 'affiliation', label: 'Affiliation', width: 'minmax(160px, 1.2fr)', sortable: true, render: (c) => <span className="ellipsis" title={c.affiliation ?? ''}>{c.affiliation ?? '—'}</span> },
    { key: 'email', label: 'Email', width: 'minmax(120px, 1fr)', sortable: true, render: (c) => (c.email ? <span className="ellipsis">{c.email}</span> : <span className="muted">none</span>) },
    {
      key: 'conflicts',
      label: 'Conflicts',
      width: 'minmax(120px, 1fr)',
      sortable: true,
      render: (c) => (
        <span className="badges">
          {conflictBadges(c.conflicts).map((b) => (
            <span key={b.key} className={`badge ${b.unknown ? 'unknown' : 'coi'}`} title={b.unknown ? `Not reported by this response: ${b.explain}` : b.explain}>
              {b.badge}
              {b.unknown ? '?' : ''}
            </span>
          ))}
        </span>
      ),
    },
    { key: 'orcid', label: 'ORCID', width: '100px', sortable: true, render: (c) => (c.orcid ? <span className="ellipsis" title={c.orcid}>{c.orcid}</span> : <span className="muted">—</span>) },
    { key: 'concepts', label: 'Concepts', width: 'minmax(120px, 1fr)', render: (c) => <span className="ellipsis" title={c.relevantConcepts.join(', ')}>{c.relevantConcepts.join(', ') || '—'}</span> },
    {
      key: 'groups',
      label: 'Groups',
      width: '90px',
      sortable: true,
      render: (c) =>
        c.authorsGroups.length > 0 ? (
          <span className={`chip group ${settings?.effect ?? ''}`} title={`In authors group ${c.authorsGroups.map((g) => g.group_id).join(', ')}${settings ? ` (${settings.effect})` : ''}`}>
            {c.authorsGroups.filter((g) => groupIds.size === 0 || groupIds.has(g.group_id)).length || c.authorsGroups.length} grp
          </span>
        ) : null,
    },
    { key: 'marked', label: 'Marked', width: '70px', sortable: true, align: 'center', render: (c) => (c.marked ? <span role="img" aria-label="Marked">✓</span> : null) },
    {
      key: 'profile',
      label: 'Profile',
      width: '64px',
      render: (c) =>
        c.url ? (
          <a href={c.url} target="_blank" rel="noreferrer noopener" aria-label={`Open the profile of ${c.name}`}>
            Open
          </a>
        ) : null,
    },
  ];

  const sort = query.sort?.[0];
  const exportName = `${detail?.manuscript.originId ?? 'candidates'}-run${run?.seq ?? ''}`;
  const exportCsv = () => {
    const t = candidateTable(rows);
    download(`${exportName}.csv`, 'text/csv', toCsv(t.header, t.rows));
  };
  const exportXlsx = () => {
    const t = candidateTable(rows);
    download(`${exportName}.xlsx`, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', toXlsx('Candidates', t.header, t.rows));
  };

  const copyEmails = async () => {
    const emails = rows.map((r) => r.email).filter((e): e is string => !!e);
    await navigator.clipboard.writeText(emails.join(', '));
    setCopied(`${emails.length} emails copied`);
  };

  if (!detail) return <p className="muted">Select a manuscript in Manuscripts to see its referee candidates.</p>;
  if (runs.length === 0) return <p className="muted">“{detail.manuscript.title}” has not been uploaded yet: candidates appear when the upload comes back.</p>;

  return (
    <div className="candidates">
      <div className="toolbar" role="toolbar" aria-label="Candidate tools">
        <label>
          Run{' '}
          <select value={runId ?? ''} onChange={(e) => void open(Number(e.target.value), runs.find((r) => r.seq === (runs.find((x) => x.id === Number(e.target.value))?.seq ?? 0) - 1)?.id ?? null)}>
            {runs.map((r) => (
              <option key={r.id} value={r.id}>
                #{r.seq} · {new Date(r.uploadedAt).toLocaleString()} · {r.candidatesCount ?? 'no'} candidates
              </option>
            ))}
          </select>
        </label>
        <input type="search" data-shortcut="search" placeholder="Name or affiliation" aria-label="Filter by name or affiliation" value={query.text ?? ''} onChange={(e) => void setQuery({ text: e.target.value || undefined })} />
        <span className="spacer" />
        {runs.length > 1 ? (
          <label>
            <input
              type="checkbox"
              checked={comparing}
              onChange={(e) => {
                setShowChanges(true);
                void compare(e.target.checked);
              }}
            />{' '}
            Compare with previous run
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
        <button type="button" onClick={exportCsv} data-shortcut="export">
          Export CSV
        </button>
        <button type="button" onClick={exportXlsx}>
          Export XLSX
        </button>
        <button type="button" onClick={() => void copyEmails()}>
          Copy emails
        </button>
      </div>
      <CandidateFilters settings={settings} groupIds={run?.groupIds ?? []} />
      {settings ? (
        <p className="settings-note">
          Authors groups {settings.authors_groups.map((g) => g.label ?? g.name).join(', ')} — effect <strong>{settings.effect}</strong>
          {settings.effect === 'boost' && settings.boost_multiplier !== undefined ? ` ×${settings.boost_multiplier}` : ''}
          {EFFECT_TEXT[settings.effect] ?? ': the service applied this setting; Referee Desk does not know what it does.'}
        </p>
      ) : null}
      <div className="candidates-main">
        {comparison && showChanges ? (
          <RunChanges comparison={comparison} fromSeq={runs.find((r) => r.id === comparison.fromRunId)?.seq} toSeq={runs.find((r) => r.id === comparison.toRunId)?.seq} exportName={exportName} />
        ) : (
          <VirtualTable
            label="Referee candidates"
            columns={columns}
            rows={rows}
            rowKey={(c) => c.id}
            rowClass={(c) => [c.conflictCount > 0 ? 'has-coi' : '', c.authorsGroups.length > 0 && settings?.effect === 'highlight' ? 'highlight' : ''].join(' ')}
            sort={sort ? { key: sort.by, dir: sort.dir ?? 'asc' } : { key: 'rank', dir: 'asc' }}
            onSort={(k) => void sortBy(k as SortKey)}
            onActivate={(c) => void showAuthor(c.authorId, c)}
            empty={loading ? 'Loading…' : 'No candidate matches these filters.'}
          />
        )}
        <aside className="side-panel" aria-label="Overview">
          <p>
            <strong data-testid="candidates-count">{total.toLocaleString()}</strong> candidates shown
          </p>
          {copied ? <p className="muted">{copied}</p> : null}
          <ScoreChart rows={rows} />
          {comparison ? (
            <section aria-label="Changes since the previous run">
              <h2>Since run #{runs.find((r) => r.id === comparison.fromRunId)?.seq}</h2>
              <p>
                {comparison.added.length} new · {comparison.dropped.length} dropped · {comparison.moved.length} moved · {comparison.unchanged} unchanged
              </p>
            </section>
          ) : null}
          {author || selected ? <CandidateCard row={selected} history={author} onClose={() => void showAuthor(null)} /> : null}
          <Alert text={error} />
        </aside>
      </div>
    </div>
  );
}

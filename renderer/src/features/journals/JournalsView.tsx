import { useState } from 'react';
import type { JournalsCorpus } from '../../../../electron/common/service';
import { useManuscripts } from '../../stores/manuscripts';
import { refetchWith, useQuery } from '../../data/queries';
import { ContextHeader } from '../../components/ContextHeader';
import { EmptyState } from '../../components/EmptyState';
import { Alert } from '../../components/Alert';

export function JournalsView() {
  const detail = useManuscripts((s) => s.detail);
  const [corpus, setCorpus] = useState<JournalsCorpus>('all_journals');
  const manuscriptId = detail?.manuscript.id;
  const shown = manuscriptId !== undefined ? { manuscriptId, corpus } : null;
  const { data: rec, error, loading: busy } = useQuery('journals.get', shown);
  // Refresh asks the service again; the answer is kept as the one shown.
  const load = () => {
    if (shown) void refetchWith('journals.get', shown, { ...shown, refresh: true });
  };

  if (!detail)
    return <EmptyState title="No manuscript selected" next="Open Manuscripts and select one to see the journals recommended for it." />;
  const top = Math.max(...(rec?.journals.map((j) => j.score ?? 0) ?? [1]), 1e-9);
  return (
    <div className="journals">
      <ContextHeader manuscript={detail.manuscript} run={detail.runs.at(-1)} />
      <div className="toolbar">
        <fieldset className="segmented">
          <legend className="sr-only">Journals corpus</legend>
          {(['all_journals', 'org_journals'] as const).map((c) => (
            <label key={c}>
              <input type="radio" name="corpus" value={c} checked={corpus === c} onChange={() => setCorpus(c)} />
              {c === 'all_journals' ? 'All journals' : 'Our journals'}
            </label>
          ))}
        </fieldset>
        <button type="button" className="primary" onClick={load} disabled={busy}>
          {busy ? 'Refreshing…' : 'Refresh'}
        </button>
        {rec ? <span className="muted">Fetched {new Date(rec.fetchedAt).toLocaleString()}</span> : null}
      </div>
      <Alert text={error} />
      {rec && rec.journals.length === 0 ? (
        <p className="muted">
          {corpus === 'org_journals' ? 'No journal is linked to your organization’s folders.' : 'No journal recommended.'}
        </p>
      ) : null}
      {!rec && !error ? <p className="muted">{busy ? 'Loading…' : 'Not fetched yet.'}</p> : null}
      <ol className="journal-list" aria-label="Recommended journals">
        {rec?.journals.map((j) => (
          <li key={j.journalId}>
            <div className="row">
              <strong>{j.title}</strong>
              <span className="muted">{j.publisherName ?? 'Publisher unknown'}</span>
              {j.folderName ? <span className="chip">Folder {j.folderName}</span> : null}
              <span className="spacer" />
              <JournalScore score={j.score ?? null} top={top} />
            </div>
            {j.relevantArticles.length > 0 ? (
              <details>
                <summary>{j.relevantArticles.length} relevant articles</summary>
                <ul className="compact">
                  {j.relevantArticles.map((a) => (
                    <li key={a.id}>
                      {a.title} <span className="muted">({a.year})</span>
                    </li>
                  ))}
                </ul>
              </details>
            ) : null}
          </li>
        ))}
      </ol>
    </div>
  );
}

/** A journal's score beside the best one's: a bar and a percentage of the top journal's score (the service's
 *  score itself means nothing to an editor). */
function JournalScore({ score, top }: { score: number | null; top: number }) {
  const share = score === null || top <= 0 ? null : Math.max(0, Math.min(1, score / top));
  const percent = share === null ? null : Math.round(100 * share);
  return (
    <span
      className="score journal-score"
      role="img"
      aria-label={percent === null ? 'Score unknown' : `${percent}% of the top journal’s score`}
      title={percent === null ? undefined : `${percent}% of the top journal’s score`}
    >
      <span className="track" aria-hidden="true">
        <span className="fill" style={{ width: `${percent ?? 0}%` }} />
      </span>
      <span className="value" aria-hidden="true">
        {percent === null ? '—' : `${percent}%`}
      </span>
    </span>
  );
}

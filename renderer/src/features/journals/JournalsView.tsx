import { useEffect, useRef, useState } from 'react';
import type { JournalsCorpus } from '../../../../electron/common/service';
import type { JournalRecommendation } from '../../../../electron/common/views';
import { desk, errorText } from '../../platform/instance';
import { useManuscripts } from '../../stores/manuscripts';
import { Alert } from '../../components/Alert';

export function JournalsView() {
  const detail = useManuscripts((s) => s.detail);
  const [corpus, setCorpus] = useState<JournalsCorpus>('all_journals');
  const [rec, setRec] = useState<JournalRecommendation | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const manuscriptId = detail?.manuscript.id;
  /** Only the answer to the latest request is shown: a late one for another manuscript or corpus is dropped. */
  const latest = useRef(0);

  const load = async (refresh: boolean) => {
    if (manuscriptId === undefined) return;
    const ticket = ++latest.current;
    setBusy(true);
    if (!refresh) setRec(null);
    try {
      const answer = await desk().invoke('journals.get', { manuscriptId, corpus, refresh });
      if (ticket !== latest.current) return;
      setRec(answer);
      setError(null);
    } catch (err) {
      if (ticket !== latest.current) return;
      if (!refresh) setRec(null);
      setError(errorText(err));
    } finally {
      if (ticket === latest.current) setBusy(false);
    }
  };

  useEffect(() => {
    void load(false);
  }, [manuscriptId, corpus]);

  if (!detail) return <p className="muted">Select a manuscript in Manuscripts to see recommended journals.</p>;
  const top = Math.max(...(rec?.journals.map((j) => j.score ?? 0) ?? [1]), 1e-9);
  return (
    <div className="journals">
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
        <button type="button" onClick={() => void load(true)} disabled={busy}>
          {busy ? 'Refreshing…' : 'Refresh'}
        </button>
        {rec ? <span className="muted">Fetched {new Date(rec.fetchedAt).toLocaleString()}</span> : null}
      </div>
      <Alert text={error} />
      {rec && rec.journals.length === 0 ? <p className="muted">{corpus === 'org_journals' ? 'No journal is linked to your organization’s folders.' : 'No journal recommended.'}</p> : null}
      {!rec && !error ? <p className="muted">{busy ? 'Loading…' : 'Not fetched yet.'}</p> : null}
      <ol className="journal-list" aria-label="Recommended journals">
        {rec?.journals.map((j) => (
          <li key={j.journalId}>
            <div className="row">
              <strong>{j.title}</strong>
              <span className="muted">{j.publisherName ?? 'Publisher unknown'}</span>
              {j.folderName ? <span className="chip">Folder {j.folderName}</span> : null}
              <span className="spacer" />
              <span className="score" aria-label={`Score ${j.score?.toFixed(2) ?? 'unknown'}`}>
                <span className="bar" style={{ width: `${Math.round((100 * (j.score ?? 0)) / top)}%` }} />
                {j.score?.toFixed(2) ?? '—'}
              </span>
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

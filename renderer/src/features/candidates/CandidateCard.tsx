import { CONFLICT_TEXT } from '../../../../electron/common/domain/conflicts';
import { CONFLICT_KEYS } from '../../../../electron/common/service';
import type { AuthorHistory, CandidateRow } from '../../../../electron/common/views';

const show = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? '—' : typeof v === 'number' ? v.toLocaleString() : v);

/** Everything the service said of one candidate (§2.5), the conflict flags in plain words, and their history with this editor. */
export function CandidateCard({ row, history, onClose }: { row: CandidateRow | null; history: AuthorHistory | null; onClose: () => void }) {
  const name = row?.name ?? history?.name ?? '';
  return (
    <section aria-label="Candidate details" className="candidate-card">
      <h2>{name}</h2>
      {row ? (
        <>
          <dl className="card-fields">
            <dt>First / middle / last</dt>
            <dd>
              {show(row.firstName)} / {show(row.middleName)} / {show(row.lastName)}
              {row.suffix ? `, ${row.suffix}` : ''}
            </dd>
            <dt>Author id</dt>
            <dd>{row.authorId}</dd>
            <dt>Rank · score</dt>
            <dd>
              {row.rank + 1} · {row.score === null ? '—' : row.score.toFixed(3)}
            </dd>
            <dt>Affiliation</dt>
            <dd>{show(row.affiliation)}</dd>
            <dt>Email</dt>
            <dd>{row.email ?? '—'}</dd>
            <dt>ORCID</dt>
            <dd>
              {row.orcid ? (
                <a href={`https://orcid.org/${encodeURIComponent(row.orcid)}`} target="_blank" rel="noreferrer noopener">
                  {row.orcid}
                </a>
              ) : (
                '—'
              )}
            </dd>
            <dt>h-index · articles · citations</dt>
            <dd>
              {show(row.hIndex)} · {show(row.articlesCount)} · {show(row.citationsCount)}
            </dd>
            <dt>Relevant concepts</dt>
            <dd>{row.relevantConcepts.length ? row.relevantConcepts.join(', ') : '—'}</dd>
            <dt>Authors groups</dt>
            <dd>{row.authorsGroups.length ? row.authorsGroups.map((g) => `${g.group_id}${g.client_id ? ` (as ${g.client_id})` : ''}`).join(', ') : 'none'}</dd>
            <dt>Marked as referee</dt>
            <dd>{row.marked ? 'yes' : 'no'}</dd>
          </dl>
          <h3>Conflicts of interest</h3>
          <ul className="conflict-list">
            {CONFLICT_KEYS.map((k) => {
              const v = row.conflicts[k];
              return (
                <li key={k} className={v === true ? 'coi' : v === null ? 'unknown' : 'clear'}>
                  <strong>{CONFLICT_TEXT[k].badge}:</strong> {v === true ? CONFLICT_TEXT[k].explain : v === null ? 'not reported by the service for this run.' : 'no.'}
                </li>
              );
            })}
          </ul>
          {row.url ? (
            <p>
              <a href={row.url} target="_blank" rel="noreferrer noopener">
                Open the profile on the service
              </a>
            </p>
          ) : null}
        </>
      ) : null}
      {history ? (
        <>
          <h3>With your manuscripts</h3>
          <p>
            Suggested for {history.suggestionsCount} manuscript{history.suggestionsCount === 1 ? '' : 's'}, marked on {history.marksCount}.
          </p>
          <ul className="compact">
            {history.manuscripts.map((m) => (
              <li key={m.manuscriptId}>
                {m.title} {m.marked ? <span className="chip marked">Marked</span> : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <button type="button" onClick={onClose}>
        Close
      </button>
    </section>
  );
}

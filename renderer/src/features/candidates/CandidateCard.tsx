import { Drawer } from '../../components/Drawer';
import type { CandidateLoadRow } from '../../../../electron/common/shapes';
import { authorOfText, colleagueText, loadText } from '../reviewers/format';
import { Check, ExternalLink } from 'lucide-react';
import { useMemo } from 'react';
import { highlightParts, matchConcepts } from '../../../../electron/common/domain/concepts';
import { CONFLICT_TEXT, type ConflictEvidence } from '../../../../electron/common/domain/conflicts';
import { webHref } from '../../../../electron/common/domain/links';
import { mailtoHref } from '../../../../electron/common/domain/mailto';
import { CONFLICT_KEYS } from '../../../../electron/common/service/conflict-keys';
import type { AuthorHistory, CandidateRow, ManuscriptRow } from '../../../../electron/common/shapes';
import { conflictIcon, num } from './cells';

/** Why this person: concepts shared with the manuscript (highlighted in its title and abstract), score as rank and share
 * of the top, conflicts, groups, history. */
export function CandidateCard({
  row,
  history,
  manuscript,
  topScore,
  total,
  load,
  evidence,
}: {
  load?: CandidateLoadRow | undefined;
  /** What the service sent behind each set flag (co-authors, affiliations, articles, reasons). */
  evidence?: ConflictEvidence | null;
  row: CandidateRow | null;
  history: AuthorHistory | null;
  manuscript: ManuscriptRow | null;
  topScore: number;
  total: number;
}) {
  const text = manuscript ? `${manuscript.title}\n\n${manuscript.abstract}` : '';
  const matches = useMemo(() => (row ? matchConcepts(row.relevantConcepts, text) : []), [row, text]);
  const found = matches.filter((m) => m.spans.length > 0);
  const parts = useMemo(() => highlightParts(text, found), [text, found]);
  const share = row?.score != null && topScore > 0 ? Math.round((100 * row.score) / topScore) : null;
  const emailHref = mailtoHref(row?.email);
  const profileHref = webHref(row?.url);
  return (
    <div className="candidate-card">
      {row ? (
        <>
          <p className="card-lead">
            <strong>Rank {row.rank + 1}</strong> of {total}
            {share !== null ? (
              <>
                {' '}
                · <strong>{share}%</strong> of the top score
              </>
            ) : null}
          </p>
          <LoadSection load={load} />
          <p className="muted">{row.affiliation ?? 'Affiliation unknown'}</p>
          <dl className="card-fields">
            <dt>E-mail</dt>
            <dd>
              {row.email === null || row.email === '' ? 'none' : emailHref === null ? row.email : <a href={emailHref}>{row.email}</a>}
            </dd>
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
              {num(row.hIndex)} · {num(row.articlesCount)} · {num(row.citationsCount)}
            </dd>
          </dl>

          <section aria-labelledby="why-concepts">
            <h3 id="why-concepts">Concepts shared with the manuscript</h3>
            {row.relevantConcepts.length === 0 ? (
              <p className="muted">The service named no relevant concepts for this person.</p>
            ) : (
              <ul className="concepts" aria-label="Relevant concepts">
                {matches.map((m) => (
                  <li key={m.concept} className={m.spans.length > 0 ? 'concept found' : 'concept'}>
                    {m.spans.length > 0 ? <Check size={12} aria-hidden="true" /> : null}
                    {m.concept}
                    <span className="sr-only">
                      {m.spans.length > 0
                        ? ` (in the manuscript ${m.spans.length} time${m.spans.length === 1 ? '' : 's'})`
                        : ' (not in the title or abstract)'}
                    </span>
                  </li>
                ))}
              </ul>
            )}
            {found.length > 0 ? (
              <blockquote className="manuscript-text" aria-label="Matches in the manuscript" data-testid="concept-matches">
                {parts.map((p, i) =>
                  p.concept ? (
                    <mark key={i} title={p.concept}>
                      {p.text}
                    </mark>
                  ) : (
                    <span key={i}>{p.text}</span>
                  ),
                )}
              </blockquote>
            ) : row.relevantConcepts.length > 0 ? (
              <p className="muted">None of these concepts appears in the manuscript’s title or abstract.</p>
            ) : null}
          </section>

          <section aria-labelledby="why-conflicts">
            <h3 id="why-conflicts">Conflicts of interest</h3>
            <ul className="conflict-list">
              {CONFLICT_KEYS.map((k) => {
                const v = row.conflicts[k];
                return (
                  <li key={k} className={v === true ? 'coi' : v === null ? 'unknown' : 'clear'}>
                    {conflictIcon(k, v)}
                    <span>
                      <strong>{CONFLICT_TEXT[k].badge}:</strong>{' '}
                      {v === true ? CONFLICT_TEXT[k].explain : v === null ? 'not reported by the service for this run.' : 'no.'}
                      {v === true && evidence?.[k] ? (
                        <ul className="evidence" aria-label={`Evidence: ${CONFLICT_TEXT[k].badge}`} data-testid={`evidence-${k}`}>
                          {evidence[k].map((line) => (
                            <li key={line}>{line}</li>
                          ))}
                        </ul>
                      ) : null}
                    </span>
                  </li>
                );
              })}
            </ul>
          </section>

          <section aria-labelledby="why-groups">
            <h3 id="why-groups">Authors groups</h3>
            <p>
              {row.authorsGroups.length
                ? row.authorsGroups.map((g) => `Group ${g.group_id}${g.client_id ? ` (as ${g.client_id})` : ''}`).join(', ')
                : 'In none of your authors groups.'}
            </p>
          </section>
          {profileHref ? (
            <p>
              <a href={profileHref} target="_blank" rel="noreferrer noopener">
                <ExternalLink size={14} aria-hidden="true" /> Open the profile on the service
              </a>
            </p>
          ) : null}
        </>
      ) : null}
      {history ? (
        <section aria-labelledby="why-history">
          <h3 id="why-history">With your manuscripts</h3>
          <p>
            Suggested for {history.suggestionsCount} manuscript{history.suggestionsCount === 1 ? '' : 's'}, marked on {history.marksCount}.
          </p>
          <ul className="compact">
            {history.manuscripts.map((m) => (
              <li key={m.manuscriptId}>
                {m.title} <span className="muted">· id {m.originId}</span> {m.marked ? <span className="chip marked">Marked</span> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

/** The details as a sheet over the right edge: it never narrows the table. Escape or Close returns focus to the row. */
export function CandidateDrawer(props: { open: boolean; name: string; onClose: () => void } & Parameters<typeof CandidateCard>[0]) {
  const { open, name, onClose, ...card } = props;
  return (
    <Drawer open={open} onClose={onClose} title={name} label="Candidate details" closeLabel="Close the details">
      <CandidateCard {...card} />
    </Drawer>
  );
}

/** Why this person may be a poor choice now: their load (invitations, reviews in progress), their papers in this folder. */
function LoadSection({ load }: { load: CandidateLoadRow | undefined }) {
  if (!load) return null;
  const busy = loadText(load);
  const authorOf = authorOfText(load);
  return (
    <section aria-label="Load and conflicts in this folder" className="load-section">
      {busy ? (
        <p className="warn" data-testid="drawer-load">
          <strong>Busy:</strong> {busy.why}.
        </p>
      ) : (
        <p className="muted" data-testid="drawer-load">
          Invited {load.invitedRecent} time{load.invitedRecent === 1 ? '' : 's'} recently · reviewing {load.reviewing} now · accepted{' '}
          {load.accepted} in all.
        </p>
      )}
      {authorOf.map((t) => (
        <p key={t} className="warn" data-testid="drawer-author-of">
          {t}
        </p>
      ))}
      {colleagueText(load).map((t) => (
        <p key={t} className="warn" data-testid="drawer-colleague">
          {t}
        </p>
      ))}
    </section>
  );
}

import { Drawer } from '../../components/Drawer';
import { useState } from 'react';
import { STATUS_LABEL, isoDate } from '../../../../electron/common/domain/shortlist';
import type { LedgerMember } from '../../../../electron/common/shapes';
import { useApp } from '../../stores/app';
import { useManuscripts } from '../../stores/manuscripts';
import { useProfiles } from '../../stores/profiles';
import { useQuery } from '../../data/queries';
import { splitAuthor } from './actions';
import { LEDGER_COLUMNS, RULE_TEXT } from './format';
import { AvailabilitySetBy, PersonDecisions } from './PersonDecisions';
import { TableHead } from '../../components/TableHead';
import { DateInput } from '../../components/DateInput';
import { declineText } from '../../../../electron/common/domain/rounds';
import { setAvailability } from '../../stores/availability';

/** Opens a manuscript of the active profile on its candidates. */
export function openManuscript(manuscriptId: number): void {
  void useManuscripts.getState().select(manuscriptId);
  useApp.getState().setView('candidates');
}

/** One person of the ledger: counts, the author records merged into it (and why), history by manuscript. */
export function PersonDrawer({
  personId,
  onShow,
  onClose,
  onSplitError,
}: {
  /** The person shown; null: closed. */
  personId: number | null;
  /** Shows another person (the one left after a split). */
  onShow: (personId: number) => void;
  onClose: () => void;
  onSplitError: (e: string | null) => void;
}) {
  const open = personId !== null;
  const { data: history, error } = useQuery('ledger.person', personId === null ? null : { personId });
  const activeProfile = useProfiles((s) => s.state?.activeId);
  const [confirming, setConfirming] = useState<LedgerMember | null>(null);
  const [splitNote, setSplitNote] = useState<string | null>(null);

  const split = async (m: LedgerMember) => {
    const r = await splitAuthor(m.authorId);
    setConfirming(null);
    if (!r.ok) return onSplitError(r.error);
    setSplitNote(`${m.name}${m.email ? ` (${m.email})` : ''} is now a person of its own.`);
    onSplitError(null);
    if (r.value.from) onShow(r.value.from.person.personId);
  };

  const p = history?.person;
  return (
    <Drawer
      open={open}
      onClose={() => {
        setConfirming(null);
        setSplitNote(null);
        onClose();
      }}
      title={p?.name ?? 'Reviewer'}
      label="Reviewer history"
      closeLabel="Close the history"
      className="person-drawer"
    >
      {error ? <p className="error">{error}</p> : null}
      {p ? (
        <div className="card">
          <p className="muted">
            {[p.affiliation, p.email, p.orcid ? `ORCID ${p.orcid}` : null].filter(Boolean).join(' · ') ||
              'No affiliation, e-mail or ORCID known'}
          </p>
          <dl className="counts" aria-label="Counts">
            {LEDGER_COLUMNS.filter((c) => c.key !== 'name').map((c) => (
              <div key={c.key}>
                <dt>{c.label}</dt>
                <dd>{c.text(p)}</dd>
              </div>
            ))}
          </dl>
          <div className="availability">
            <span aria-hidden="true">Unavailable until</span>
            <DateInput
              label={`${p.name} is unavailable until`}
              value={p.unavailableUntil}
              onChange={(until) => void setAvailability(p.personId, until).then(onSplitError)}
            />
            {p.unavailableUntil ? <AvailabilitySetBy personId={p.personId} /> : null}
            <span className="muted">Hide busy reviewers leaves them out until this day, on every manuscript.</span>
          </div>
          <PersonDecisions personId={p.personId} />
          <section aria-labelledby="members-h">
            <h3 id="members-h">Author records in this person</h3>
            {splitNote ? (
              <p role="status" className="ok">
                {splitNote}
              </p>
            ) : null}
            <ul className="members">
              {history.members.map((m, i) => (
                <li key={m.authorId}>
                  <div className="row">
                    <strong>{m.name}</strong>
                    <span className="chip" data-testid="merge-rule">
                      {RULE_TEXT[m.rule]}
                    </span>
                    {m.orcid || m.email ? (
                      <span className="muted">{[m.orcid ? `ORCID ${m.orcid}` : null, m.email].filter(Boolean).join(' · ')}</span>
                    ) : null}
                    <RecordId authorId={m.authorId} />
                    <span className="spacer" />
                    {history.members.length > 1 && i > 0 ? (
                      <button type="button" onClick={() => setConfirming(m)}>
                        Split…
                      </button>
                    ) : null}
                  </div>
                  {confirming?.authorId === m.authorId ? (
                    <div role="alertdialog" aria-labelledby={`split-q-${m.authorId}`} className="confirm">
                      <p id={`split-q-${m.authorId}`}>
                        Split {m.name}
                        {m.email ? ` (${m.email})` : ''} off into a person of its own? Their invitations and answers move with them, and
                        they will not be merged with {p.name} again.
                      </p>
                      <RecordId authorId={m.authorId} />
                      <button type="button" className="danger" onClick={() => void split(m)}>
                        Split
                      </button>{' '}
                      <button type="button" onClick={() => setConfirming(null)}>
                        Cancel
                      </button>
                    </div>
                  ) : null}
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="history-h">
            <h3 id="history-h">History by manuscript</h3>
            {history.manuscripts.length === 0 ? <p className="muted">No manuscript in the cache suggests this person.</p> : null}
            <table className="history">
              <TableHead labels={['Manuscript', 'Status', 'Invited', 'Answered', 'Due']} />
              <tbody>
                {history.manuscripts.map((h) => (
                  <tr key={`${h.profileId}-${h.manuscriptId}-${h.authorId}`}>
                    <td>
                      {h.profileId === activeProfile ? (
                        <button type="button" className="linklike" onClick={() => openManuscript(h.manuscriptId)}>
                          {h.title || `Manuscript ${h.manuscriptId}`}
                        </button>
                      ) : (
                        <span title="In another profile">{h.title || `Manuscript ${h.manuscriptId}`}</span>
                      )}
                      <span className="muted"> · {h.folder}</span>
                      {h.note ? <div className="muted">“{h.note}”</div> : null}
                    </td>
                    <td>
                      {h.status ? STATUS_LABEL[h.status] : h.suggested ? 'Suggested' : '—'}
                      {h.status === 'declined' ? <div className="muted">{declineText(h.declineReason, h.declineText)}</div> : null}
                      {h.serviceMarked ? <span className="chip marked">Marked in the service</span> : null}
                    </td>
                    <td>{isoDate(h.invitedAt) || '—'}</td>
                    <td>{isoDate(h.answeredAt) || '—'}</td>
                    <td>{h.dueDate ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          {history.office.length > 0 ? (
            <section aria-labelledby="office-history-h">
              <h3 id="office-history-h">In the editorial office</h3>
              <table className="history" data-testid="office-history">
                <TableHead labels={['Manuscript', 'Editor', 'Status', 'Invited', 'Answered']} />
                <tbody>
                  {history.office.map((h) => (
                    <tr key={h.originId}>
                      <td>
                        {h.title || h.originId}
                        <span className="muted"> · {h.folder}</span>
                      </td>
                      <td>{h.editor}</td>
                      <td>{STATUS_LABEL[h.status]}</td>
                      <td>{isoDate(h.invitedAt) || '—'}</td>
                      <td>{isoDate(h.answeredAt) || '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          ) : null}
        </div>
      ) : (
        <p className="muted">Loading…</p>
      )}
    </Drawer>
  );
}

/** The service's number for an author record: for whoever supports the editor, inside a closed "Details". */
function RecordId({ authorId }: { authorId: number }) {
  return (
    <details className="details" data-advanced="">
      <summary>Details</summary>
      <span className="muted">Author id {authorId} on the service</span>
    </details>
  );
}

// The authors' opposed and suggested reviewers of the open manuscript: the editor pastes the cover letter's
// lines (one person a line, or prose), core reads and matches each to a candidate or a known reviewer
// (ORCID, e-mail, then name and affiliation), and the sheet shows every line with the person it matched,
// the rule that matched, a menu to fix it, and for the suggested people "Add to the shortlist".
import { Trash2, UserPlus } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import {
  MATCH_RULE_TEXT,
  MAX_REQUEST_LINES,
  MAX_REQUEST_TEXT,
  pasteProblem,
  setByText,
} from '../../../../electron/common/domain/authorRequests';
import type { AuthorRequestRow, ShortlistEntryRow } from '../../../../electron/common/shapes';
import { Alert } from '../../components/Alert';
import { Drawer } from '../../components/Drawer';
import { candidateChoices, pasteRequests, removeRequest, setRequestMatch, shortlistSuggested, type Choice } from '../../stores/decisions';
import { useQuery } from '../../data/queries';
import { Select } from '../../components/Select';

type Kind = AuthorRequestRow['kind'];
const NONE: readonly AuthorRequestRow[] = [];
const NOBODY: readonly ShortlistEntryRow[] = [];

export function AuthorRequestsDrawer(props: { open: boolean; onClose: () => void; manuscriptId: number; runId: number | null }) {
  const { open, onClose, manuscriptId, runId } = props;
  const rows = useQuery('requests.list', { manuscriptId }).data ?? NONE;
  const onList = useQuery('shortlist.list', { manuscriptId }).data ?? NOBODY;
  const [kind, setKind] = useState<Kind>('opposed');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [choices, setChoices] = useState<Choice[]>([]);
  const [busy, setBusy] = useState(false);
  const ids = useId();
  useEffect(() => {
    if (!open || runId === null) return;
    let live = true;
    void candidateChoices(runId).then((c) => live && setChoices(c));
    return () => {
      live = false;
    };
  }, [open, runId]);

  const submit = async () => {
    const problem = pasteProblem(text);
    if (problem !== null) return setError(problem);
    setBusy(true);
    const err = await pasteRequests(manuscriptId, kind, text);
    setBusy(false);
    setError(err);
    if (err === null) setText('');
  };
  const listed = new Set(onList.map((e) => e.authorId));
  // A matched person is a candidate of the manuscript's runs or a person of the ledger: either can be shortlisted
  // (a ledger person's conflicts are checked on the shortlist as far as the cache can).
  const addable = rows.filter((r) => r.kind === 'suggested' && r.authorId !== null && !listed.has(r.authorId));
  const addableIds = [...new Set(addable.map((r) => r.authorId!))];
  const add = async (authorIds: number[]) => setError(await shortlistSuggested(manuscriptId, authorIds));

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title="Authors’ requests"
      label="Authors’ requests"
      closeLabel="Close the authors’ requests"
      className="requests-drawer"
    >
      <form
        className="requests-paste"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <fieldset className="segmented">
          <legend className="sr-only">The authors</legend>
          <label>
            <input type="radio" name={`${ids}-kind`} checked={kind === 'opposed'} onChange={() => setKind('opposed')} /> Opposed
          </label>
          <label>
            <input type="radio" name={`${ids}-kind`} checked={kind === 'suggested'} onChange={() => setKind('suggested')} /> Suggested
          </label>
        </fieldset>
        <label className="field">
          <span>Lines from the cover letter: names, e-mails, ORCID iDs, affiliations; one person a line, or as written</span>
          <textarea
            rows={5}
            value={text}
            maxLength={MAX_REQUEST_TEXT}
            aria-invalid={error !== null}
            aria-describedby={`${ids}-hint`}
            onChange={(e) => setText(e.target.value)}
          />
          <span id={`${ids}-hint`} className="muted hint">
            At most {MAX_REQUEST_LINES} lines. Each is matched by ORCID, then e-mail, then name and affiliation.
          </span>
        </label>
        <Alert text={error} />
        <button type="submit" className="primary" disabled={busy}>
          Add {kind === 'opposed' ? 'opposed' : 'suggested'} people
        </button>
      </form>
      {(['opposed', 'suggested'] as const).map((k) => {
        const of = rows.filter((r) => r.kind === k);
        return (
          <section key={k} className="requests-list" aria-labelledby={`${ids}-${k}`}>
            <h3 id={`${ids}-${k}`}>
              {k === 'opposed' ? 'Opposed by the authors' : 'Suggested by the authors'} <span className="muted">· {of.length}</span>
            </h3>
            {k === 'opposed' && of.length > 0 ? (
              <p className="muted">Hidden from the candidates unless you show them; an invitation asks you to confirm first.</p>
            ) : null}
            {k === 'suggested' && addable.length > 0 ? (
              <button type="button" onClick={() => void add(addableIds)}>
                <UserPlus size={16} aria-hidden="true" /> Add {addableIds.length} to the shortlist
              </button>
            ) : null}
            {of.length === 0 ? <p className="muted">None pasted.</p> : null}
            <ul>
              {of.map((r) => (
                <RequestItem
                  key={r.id}
                  row={r}
                  choices={choices}
                  onList={r.authorId !== null && listed.has(r.authorId)}
                  onError={setError}
                  onAdd={r.kind === 'suggested' && addable.includes(r) ? () => void add([r.authorId!]) : null}
                />
              ))}
            </ul>
          </section>
        );
      })}
    </Drawer>
  );
}

function RequestItem(props: {
  row: AuthorRequestRow;
  choices: Choice[];
  onList: boolean;
  onError: (e: string | null) => void;
  onAdd: (() => void) | null;
}) {
  const { row: r, choices, onList, onError, onAdd } = props;
  const id = useId();
  const read = [r.email, r.orcid, r.affiliation].filter((x) => x !== null).join(' · ');
  // The matched person stays in the menu even when they are not a candidate of this run (a known reviewer).
  const options =
    r.authorId !== null && !choices.some((c) => c.authorId === r.authorId) && r.matched
      ? [{ authorId: r.authorId, name: r.matched.name, affiliation: r.matched.affiliation }, ...choices]
      : choices;
  return (
    <li className="request" data-testid="request">
      <div className="request-read">
        <strong>{r.name}</strong>
        {read ? <span className="muted"> · {read}</span> : null}
        {r.setBy ? (
          <span className="muted" data-testid="request-set-by">
            {' '}
            · {setByText(r.setBy, 'added')}
          </span>
        ) : null}
      </div>
      <div className="request-match">
        {r.matched ? (
          <span data-testid="request-match">
            → {r.matched.name}
            {r.matched.candidate ? '' : ' (in your reviewers, not a candidate)'} <span className="muted">· {MATCH_RULE_TEXT[r.rule!]}</span>
          </span>
        ) : (
          <span className="warn" data-testid="request-match">
            No match: choose the person if they are among the candidates
          </span>
        )}
      </div>
      <div className="request-actions">
        <Select
          id={`${id}-who`}
          className="request-who"
          label={`Who “${r.name}” is`}
          value={r.authorId === null ? '' : String(r.authorId)}
          options={[
            { value: '', label: 'Nobody here' },
            ...options.map((c) => ({
              value: String(c.authorId),
              label: `${c.name}${c.affiliation ? ` · ${c.affiliation.slice(0, 60)}` : ''}`,
            })),
          ]}
          onChange={(v) => void setRequestMatch(r.manuscriptId, r.id, v === '' ? null : Number(v)).then(onError)}
        />
        {onAdd ? (
          <button type="button" onClick={onAdd}>
            <UserPlus size={16} aria-hidden="true" /> Add to the shortlist
          </button>
        ) : onList ? (
          <span className="muted">On the shortlist</span>
        ) : null}
        <button
          type="button"
          className="icon-button"
          aria-label={`Remove ${r.name}`}
          title="Remove this line"
          onClick={() => void removeRequest(r.manuscriptId, r.id).then(onError)}
        >
          <Trash2 size={16} aria-hidden="true" />
        </button>
      </div>
    </li>
  );
}

import { useEffect, useMemo, useState } from 'react';
import { parseCsv } from '../../../../electron/common/domain/csv';
import type { AuthorsGroupRow, CustomFieldRow, GroupAuthorRow, OutboxItemView } from '../../../../electron/common/shapes';
import { errorText } from '../../platform/instance';
import { refetchWith, useQuery } from '../../data/queries';
import { useApp } from '../../stores/app';
import {
  addGroup,
  createGroup,
  deleteAuthor,
  discardQueued,
  editQueued,
  fetchAuthor,
  patchAuthor,
  putAuthor,
  retryQueued,
} from './actions';
import { Download, Hash, PenLine, Plus, Save, Trash2, UserPlus } from 'lucide-react';
import { Alert } from '../../components/Alert';
import { Words } from '../../components/Words';
import { EmptyState } from '../../components/EmptyState';
import { FileInput } from '../../components/FileInput';
import {
  changedFields,
  draftBase,
  draftOf,
  emptyDraft,
  fullBody,
  partialBody,
  partialProblem,
  replaceProblem,
  splitList,
  type AuthorDraft,
} from './authorDraft';
import { CustomFieldInput } from './CustomFieldInput';
import { groupState, refusalText } from './groupState';
import { FailedGroup, ResendOrDiscard } from './FailedGroup';
import { clientIdFor } from '../../../../electron/common/domain/authors';
import { FIELD_LABELS } from '../../../../electron/common/domain/wording';
import { DraftInput } from '../../components/DraftInput';
import {
  csvAuthors,
  csvTable,
  guessMapping,
  importableFields,
  STANDARD_TARGETS,
  type CsvMapping,
  type CsvRowProblem,
  type CsvTable,
} from './csvImport';
import { Select } from '../../components/Select';

const NO_GROUPS: AuthorsGroupRow[] = [];
const NO_AUTHORS: GroupAuthorRow[] = [];
const NO_WRITES: OutboxItemView[] = [];

export function GroupsView() {
  const groupsQuery = useQuery('groups.list', {});
  const groups = groupsQuery.data ?? NO_GROUPS;
  const allFields = useQuery('customFields.list', {}).data;
  const fields = useMemo(() => (allFields ?? []).filter((f) => f.scope === 'author_from_group'), [allFields]);
  // The group shown last stays selected when the editor comes back to the view.
  const groupId = useApp((s) => s.groupId);
  const setGroupId = useApp((s) => s.showGroup);
  const authorsState = useQuery('groups.authors', groupId === null ? null : { groupId });
  const authors = authorsState.data ?? NO_AUTHORS;
  const readError = groupsQuery.error ?? authorsState.error;
  const [draft, setDraft] = useState<AuthorDraft>(emptyDraft());
  const [newGroup, setNewGroup] = useState({ group_name: '', owner_team: '', editor_teams: '', viewer_teams: '' });
  const [added, setAdded] = useState({ name: '', id: '' });
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [csv, setCsv] = useState<(CsvTable & { mapping: CsvMapping }) | null>(null);
  const [importProgress, setImportProgress] = useState<{ done: number; total: number } | null>(null);
  const [notImported, setNotImported] = useState<CsvRowProblem[]>([]);

  const say = (ok: boolean, text: string) => setMessage({ ok, text });
  const attempt = async (fn: () => Promise<void>) => {
    try {
      await fn();
    } catch (e) {
      say(false, errorText(e));
    }
  };

  const writes = useQuery('outbox.list', {}).data ?? NO_WRITES;
  // The custom fields are asked of the service once per visit (the authors' form shows them).
  useEffect(() => void refetchWith('customFields.list', {}, { refresh: true }), []);

  useEffect(() => {
    setDraft(emptyDraft());
    setCsv(null);
    setNotImported([]);
    setImportProgress(null);
  }, [groupId]);

  const set = (key: 'clientId' | 'name' | 'emails' | 'orcids' | 'articles' | 'affiliations', value: string) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const setCustom = (apiId: string, value: unknown) => setDraft((d) => ({ ...d, custom: { ...d.custom, [apiId]: value } }));

  const selected = groups.find((g) => g.id === groupId) ?? null;
  const current = authors.find((a) => a.clientId === draft.clientId.trim()) ?? null;
  const base = draftBase(draft, authors);
  const changed = changedFields(draft, base, fields);
  // Writes the service refused, shown where they were made: on the group, on the author.
  const failedHere = writes.filter((w) => w.state === 'failed' && w.target?.groupId === groupId);
  const groupFailure = failedHere.find((w) => w.kind === 'group_create') ?? null;
  const authorFailure = draft.origin === null ? null : (failedHere.find((w) => w.target?.clientId === draft.origin) ?? null);
  const failedAuthors = new Set(failedHere.map((w) => w.target?.clientId));
  // A refusal replaces the "queued" note it follows: the reason shows on the group or author itself.
  const refusedId = groupFailure?.id ?? authorFailure?.id;
  useEffect(() => {
    if (refusedId !== undefined) setMessage(null);
  }, [refusedId]);
  /** Sends the author's failed write again with the editor's values (outbox.edit), or says why not. */
  const sendAgain = async (w: OutboxItemView) => {
    if (w.editable?.kind === 'author_put') {
      const err = replaceProblem(draft, fields);
      if (err) return say(false, err);
      await editQueued({ id: w.id, kind: 'author_put', body: fullBody(draft, fields) });
    } else if (w.editable?.kind === 'author_patch') {
      const { customFields, ...standard } = w.editable.body;
      const keys = [...new Set([...Object.keys(standard), ...Object.keys(customFields ?? {}), ...changed])];
      const err = partialProblem(draft, keys, fields);
      if (err) return say(false, err);
      await editQueued({ id: w.id, kind: 'author_patch', body: partialBody(draft, keys) });
    } else {
      await retryQueued({ id: w.id });
    }
    say(true, `“${draft.name.trim() || draft.origin}” queued again.`);
  };

  return (
    <div className="groups">
      <Alert text={readError} />
      {message ? (
        <div role={message.ok ? 'status' : 'alert'} className={message.ok ? 'ok' : 'error'}>
          <Words text={message.text} />
        </div>
      ) : null}
      <div className="split">
        <section aria-labelledby="groups-h">
          <h2 id="groups-h">Authors groups</h2>
          <ul className="list" aria-label="Authors groups" hidden={groups.length === 0}>
            {groups.map((g) => (
              <li key={g.id}>
                <button type="button" className={g.id === groupId ? 'item active' : 'item'} onClick={() => setGroupId(g.id)}>
                  <span className="title">{g.name ?? `Group ${g.serviceId}`}</span>
                  <span className="meta">
                    {g.serviceId !== null ? `number ${g.serviceId} · ` : ''}
                    {groupState(g)}
                    {g.ownerTeam ? ` · owner ${g.ownerTeam}` : ''}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          <form
            className="group-form"
            aria-label="Create an authors group"
            onSubmit={(e) => {
              e.preventDefault();
              void attempt(async () => {
                const g = await createGroup({
                  group_name: newGroup.group_name.trim(),
                  owner_team: newGroup.owner_team.trim(),
                  editor_teams: splitList(newGroup.editor_teams),
                  viewer_teams: splitList(newGroup.viewer_teams),
                });
                setNewGroup({ group_name: '', owner_team: '', editor_teams: '', viewer_teams: '' });
                say(true, `Group “${g.name}” queued for creation.`);
                setGroupId(g.id);
              });
            }}
          >
            <h3>New group</h3>
            <div className="grid2">
              <DraftInput draft={newGroup} onDraft={setNewGroup} field="group_name" label="Group name" required maxLength={200} />
              <DraftInput draft={newGroup} onDraft={setNewGroup} field="owner_team" label="Owner team" required />
              <DraftInput draft={newGroup} onDraft={setNewGroup} field="editor_teams" label="Editor teams" placeholder="separated by ;" />
              <DraftInput draft={newGroup} onDraft={setNewGroup} field="viewer_teams" label="Viewer teams" placeholder="separated by ;" />
            </div>
            <button type="submit" className={selected ? undefined : 'primary'}>
              <Plus size={16} aria-hidden="true" />
              Create group
            </button>
          </form>
          <form
            className="group-form"
            aria-label="Add an existing group"
            onSubmit={(e) => {
              e.preventDefault();
              void attempt(async () => {
                const name = added.name.trim();
                const g = await addGroup({ serviceId: Number(added.id), name });
                setAdded({ name: '', id: '' });
                say(
                  true,
                  g.verifiedAt === null
                    ? `Group “${name}” (number ${g.serviceId}) added, not verified: the service cannot list groups, so ` +
                        `the app knows it exists once one of its authors is read. Type an author id of the group and ` +
                        `press Fetch.`
                    : `Group “${name}” (number ${g.serviceId}) is already known.`,
                );
                setGroupId(g.id);
              });
            }}
          >
            <h3>Add an existing group</h3>
            <div className="grid2">
              <DraftInput
                draft={added}
                onDraft={setAdded}
                field="name"
                label="Group name"
                placeholder="as your team calls it"
                required
                maxLength={200}
              />
              <DraftInput
                draft={added}
                onDraft={setAdded}
                field="id"
                label="Group number"
                placeholder="on the service"
                inputMode="numeric"
                pattern="[0-9]+"
                required
              />
            </div>
            <button type="submit">
              <Hash size={16} aria-hidden="true" />
              Add by id
            </button>
          </form>
        </section>
        {selected ? (
          <section aria-labelledby="authors-h" className="detail">
            <h2 id="authors-h">Authors of {selected.name ?? `group ${selected.serviceId}`}</h2>
            {groupFailure?.editable?.kind === 'group_create' ? (
              <FailedGroup
                key={groupFailure.id}
                entry={groupFailure}
                input={groupFailure.editable.input}
                attempt={attempt}
                onSent={(text) => say(true, text)}
              />
            ) : groupFailure ? (
              <Alert text={`The group was not created: ${refusalText(groupFailure.error?.message)} See Activity.`} />
            ) : null}
            <ul className="list compact" aria-label="Authors in this group">
              {authors.map((a) => (
                <li key={a.clientId}>
                  <button
                    type="button"
                    className={a.clientId === draft.clientId ? 'item active' : 'item'}
                    onClick={() => setDraft(draftOf(a))}
                  >
                    {a.name ?? a.clientId}{' '}
                    <span className="meta">
                      {a.clientId} · {failedAuthors.has(a.clientId) ? 'refused by the service' : a.syncState}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
            <form className="author-editor" aria-label="Author" onSubmit={(e) => e.preventDefault()}>
              <div className="grid2">
                <label htmlFor="a-client">Author id (optional)</label>
                <input
                  id="a-client"
                  placeholder="Made from the ORCID, e-mail or name"
                  value={draft.clientId}
                  onChange={(e) => set('clientId', e.target.value)}
                />
                <label htmlFor="a-name">Name</label>
                <input id="a-name" value={draft.name} onChange={(e) => set('name', e.target.value)} />
                <label htmlFor="a-emails">Emails</label>
                <input id="a-emails" placeholder="separated by ;" value={draft.emails} onChange={(e) => set('emails', e.target.value)} />
                <label htmlFor="a-orcids">ORCIDs</label>
                <input id="a-orcids" value={draft.orcids} onChange={(e) => set('orcids', e.target.value)} />
                <label htmlFor="a-articles">Articles (DOIs or titles)</label>
                <input id="a-articles" value={draft.articles} onChange={(e) => set('articles', e.target.value)} />
                <label htmlFor="a-affs">Affiliations</label>
                <input id="a-affs" value={draft.affiliations} onChange={(e) => set('affiliations', e.target.value)} />
                {fields.map((f) => (
                  <FieldRow key={f.apiId} field={f} value={draft.custom[f.apiId]} onChange={(v) => setCustom(f.apiId, v)} />
                ))}
              </div>
              {authorFailure ? (
                <div className="failed-write" aria-label="Refused by the service" role="group">
                  <p role="alert" className="error">
                    The service refused this author: {refusalText(authorFailure.error?.message)}{' '}
                    {authorFailure.editable ? 'Correct the fields above and send it again.' : ''}
                  </p>
                  <ResendOrDiscard
                    send={() => void attempt(() => sendAgain(authorFailure))}
                    discard={() =>
                      void attempt(async () => {
                        await discardQueued({ id: authorFailure.id });
                        setDraft(emptyDraft());
                        say(true, 'The refused change was discarded.');
                      })
                    }
                    discardLabel="Discard the change"
                  />
                </div>
              ) : null}
              <p className="muted">
                <strong>Replace</strong> sends the whole record: every field left empty becomes empty on the service.{' '}
                <strong>Save changes</strong> sends only the fields you changed ({changed.length}) of the author you selected.
                {draft.origin !== null && draft.clientId.trim() !== draft.origin
                  ? ` You changed the client id: Save changes edits “${draft.origin}” only under its own id.`
                  : ''}
              </p>
              <div className="row">
                <button
                  type="button"
                  className={authorFailure || groupFailure ? undefined : 'primary'}
                  onClick={() =>
                    void attempt(async () => {
                      const err = replaceProblem(draft, fields);
                      if (err) return say(false, err);
                      // No id typed: one is made from the ORCID, e-mail or name (unique in the group).
                      const clientId =
                        draft.clientId.trim() ||
                        clientIdFor(
                          { name: draft.name, emails: splitList(draft.emails), orcids: splitList(draft.orcids) },
                          new Set(authors.map((a) => a.clientId)),
                        );
                      await putAuthor({ groupId: selected.id, clientId, body: fullBody(draft, fields) });
                      setDraft((d) => ({ ...d, clientId }));
                      say(true, current ? 'Author replaced (queued).' : 'Author created (queued).');
                    })
                  }
                >
                  <Save size={16} aria-hidden="true" />
                  {current ? 'Replace' : 'Create'}
                </button>
                <button
                  type="button"
                  disabled={base === null || changed.length === 0}
                  onClick={() =>
                    void attempt(async () => {
                      const err = partialProblem(draft, changed, fields);
                      if (err) return say(false, err);
                      await patchAuthor({
                        groupId: selected.id,
                        clientId: draft.clientId.trim(),
                        body: partialBody(draft, changed),
                      });
                      say(true, 'Changes saved (queued).');
                    })
                  }
                >
                  <PenLine size={16} aria-hidden="true" />
                  Save changes
                </button>
                <button
                  type="button"
                  disabled={draft.clientId.trim() === '' || selected.serviceId === null}
                  title={
                    selected.serviceId === null
                      ? 'The group is not created on the service yet.'
                      : 'Read the author with this client id from the service.'
                  }
                  onClick={() =>
                    void attempt(async () => {
                      const row = await fetchAuthor({ groupId: selected.id, clientId: draft.clientId.trim() });
                      setDraft(draftOf(row));
                      say(true, `Fetched “${row.name ?? row.clientId}” from the service.`);
                    })
                  }
                >
                  <Download size={16} aria-hidden="true" />
                  Fetch
                </button>
                <button
                  type="button"
                  className="danger"
                  disabled={!current}
                  onClick={() =>
                    void attempt(async () => {
                      await deleteAuthor({ groupId: selected.id, clientId: draft.clientId.trim() });
                      setDraft(emptyDraft());
                      say(true, 'Author deleted (queued).');
                    })
                  }
                >
                  <Trash2 size={16} aria-hidden="true" />
                  Delete
                </button>
                <button type="button" onClick={() => setDraft(emptyDraft())}>
                  <UserPlus size={16} aria-hidden="true" />
                  New author
                </button>
              </div>
            </form>
            {current?.linkedAuthor ? (
              <aside className="card" aria-label="Linked author">
                <h3>
                  <a href={current.linkedAuthor.prophy_url} target="_blank" rel="noreferrer noopener">
                    {current.linkedAuthor.name}
                  </a>
                </h3>
                <p>
                  h-index {current.linkedAuthor.h_index} · {current.linkedAuthor.articles_count} articles
                </p>
                <ul className="compact">
                  {current.linkedAuthor.last_articles.map((a) => (
                    <li key={a.prophy_url}>
                      <a href={a.prophy_url} target="_blank" rel="noreferrer noopener">
                        {a.title}
                      </a>{' '}
                      <span className="muted">({a.year})</span>
                    </li>
                  ))}
                </ul>
              </aside>
            ) : null}
            <section aria-label="Import authors from CSV">
              <h3>Import from CSV</h3>
              <FileInput
                key={groupId}
                button="Choose a CSV file"
                accept=".csv,text/csv"
                aria-label="CSV file of authors"
                onChange={(e) => {
                  const f = e.target.files?.[0];
                  if (!f) return;
                  void f.text().then((text) => {
                    const table = csvTable(parseCsv(text));
                    if (!table) return say(false, 'The CSV file is empty.');
                    setNotImported([]);
                    setCsv({ ...table, mapping: guessMapping(table.header, fields) });
                  });
                }}
              />
              {csv ? (
                <div>
                  <p>
                    {csv.rows.length} {csv.rows.length === 1 ? 'row' : 'rows'}. Map the columns:
                  </p>
                  <div className="grid2">
                    {[
                      ...STANDARD_TARGETS.map((k) => ({ key: k, label: FIELD_LABELS[k] ?? k })),
                      ...importableFields(fields).map((f) => ({ key: f.apiId, label: f.name })),
                    ].map(({ key, label }) => (
                      <span key={key} className="contents">
                        <span>{label}</span>
                        <Select
                          label={`Column for ${label}`}
                          value={csv.mapping[key] ?? ''}
                          options={[{ value: '', label: '—' }, ...csv.header.filter((h) => h !== '').map((h) => ({ value: h, label: h }))]}
                          onChange={(v) => setCsv({ ...csv, mapping: { ...csv.mapping, [key]: v } })}
                        />
                      </span>
                    ))}
                  </div>
                  <button
                    type="button"
                    disabled={!csv.mapping.name}
                    onClick={() =>
                      void attempt(async () => {
                        const { authors: ready, problems } = csvAuthors(csv, csv.mapping, fields);
                        const refused = [...problems];
                        let done = 0;
                        setImportProgress({ done, total: ready.length });
                        for (const a of ready) {
                          try {
                            await putAuthor({ groupId: selected.id, clientId: a.clientId, body: a.body });
                          } catch (e) {
                            refused.push({ row: a.row, clientId: a.clientId, problems: [errorText(e)] });
                          }
                          setImportProgress({ done: ++done, total: ready.length });
                        }
                        setCsv(null);
                        refused.sort((x, y) => x.row - y.row);
                        setNotImported(refused);
                        const queued = ready.length - (refused.length - problems.length);
                        say(
                          refused.length === 0,
                          `${queued} ${queued === 1 ? 'author' : 'authors'} queued.` +
                            (refused.length === 0
                              ? ''
                              : ` ${refused.length} ${refused.length === 1 ? 'row was' : 'rows were'} not imported (listed below).`),
                        );
                      })
                    }
                  >
                    Import {csv.rows.length} authors
                  </button>
                </div>
              ) : null}
              {notImported.length > 0 ? (
                <ul className="import-problems" aria-label="Rows not imported">
                  {notImported.map((p) => (
                    <li key={p.row}>
                      Row {p.row}
                      {p.clientId ? ` (${p.clientId})` : ''}: {p.problems.join('; ')}
                    </li>
                  ))}
                </ul>
              ) : null}
              {importProgress ? <progress aria-label="Import progress" max={importProgress.total} value={importProgress.done} /> : null}
            </section>
          </section>
        ) : (
          <EmptyState
            title={groups.length === 0 ? 'No authors groups yet' : 'No group selected'}
            next={
              groups.length === 0
                ? 'Create a group with the form on the left, or add one your team already has by its number on the service.'
                : 'Pick a group on the left to see and edit its authors, or create a new one.'
            }
          />
        )}
      </div>
    </div>
  );
}

function FieldRow({ field, value, onChange }: { field: CustomFieldRow; value: unknown; onChange: (v: unknown) => void }) {
  return (
    <>
      <span>{field.name}</span>
      <CustomFieldInput field={field} value={value} onChange={onChange} />
    </>
  );
}

import { FileText, Folder, RefreshCw, UsersRound, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import type { CustomFieldScope } from '../../../../electron/common/shapes';
import { Alert } from '../../components/Alert';
import { EmptyState } from '../../components/EmptyState';
import { RowsTable } from '../../components/RowsTable';
import type { HeadCell } from '../../components/TableHead';
import { useApp } from '../../stores/app';
import { refetchWith, useQuery } from '../../data/queries';
import { ApiId } from './ApiId';
import { SCOPES, byScope, freshness, kindFormat } from './format';

/** The columns of a scope's table; the scope whose values are written through the API adds their formats. */
const HEAD: readonly HeadCell[] = [
  { label: 'Name', className: 'cf-name' },
  { label: 'Field id', className: 'cf-id' },
  { label: 'Kind', className: 'cf-kind' },
  { label: 'Options', className: 'cf-opts' },
];
const HEAD_WITH_FORMATS: readonly HeadCell[] = [
  ...HEAD,
  { label: 'Value to send', className: 'cf-format' },
  { label: 'Value the service returns', className: 'cf-format' },
];

const SCOPE_ICON: Record<CustomFieldScope, LucideIcon> = { author_from_group: UsersRound, folder: Folder, proposal: FileText };

/** The organization's custom fields (§4.8), from the cache at once; Refresh asks the service. */
export function CustomFieldsView() {
  const { data: rows, loading: busy, error } = useQuery('customFields.list', {});
  const offline = useApp((s) => s.status?.connectivity === 'offline');
  const [asked, setAsked] = useState<{ at: number; refresh: boolean }>({ at: Date.now(), refresh: false });

  const refresh = () => {
    setAsked({ at: Date.now(), refresh: true });
    void refetchWith('customFields.list', {}, { refresh: true });
  };

  // The service was asked (a refresh, or an empty cache) but the rows are older than the question,
  // or nothing came back while offline: it could not be reached.
  const data =
    rows && !busy
      ? {
          rows,
          unreachable:
            (asked.refresh || rows.length === 0) &&
            (rows.length > 0 ? rows.reduce((m, r) => Math.max(m, r.fetchedAt), 0) < asked.at : offline),
        }
      : rows
        ? { rows, unreachable: false }
        : null;
  const fetchedAt = data && data.rows.length > 0 ? Math.min(...data.rows.map((r) => r.fetchedAt)) : null;
  const fresh = data ? freshness(fetchedAt, { unreachable: data.unreachable, now: Date.now() }) : null;
  const groups = byScope(data?.rows ?? []);

  return (
    <div className="custom-fields">
      <div className="toolbar">
        {fresh ? (
          <span role="status" className={fresh.stale ? 'warn' : 'muted'} data-testid="custom-fields-freshness">
            {fresh.text}
          </span>
        ) : null}
        <span className="spacer" />
        <button type="button" className="primary" onClick={refresh} disabled={busy}>
          <RefreshCw size={16} aria-hidden="true" />
          {busy ? 'Refreshing…' : 'Refresh from the service'}
        </button>
      </div>
      <Alert text={error} />
      <p className="muted cf-intro">Read-only: defined in the service’s administration interface. Authors’ values are filled in Groups.</p>
      {data && data.rows.length === 0 && !busy ? (
        <EmptyState
          title="No custom fields"
          next="The service lists none for your organization. Once an administrator defines some, choose Refresh from the service."
        />
      ) : data ? (
        <div className="cf-sections">
          {SCOPES.map(({ scope, title, note }) => {
            const fields = groups.get(scope) ?? [];
            // §2.9 gives value formats for writing an author from group; the other scopes' values are not set through the API.
            const formats = scope === 'author_from_group';
            const Icon = SCOPE_ICON[scope];
            return (
              <section key={scope} className={`activity-panel cf-${scope}`} aria-labelledby={`cf-${scope}`}>
                <header className="panel-head">
                  <Icon size={18} aria-hidden="true" />
                  <h2 id={`cf-${scope}`}>{title}</h2>
                  <span className="chip">{fields.length === 0 ? 'none' : fields.length}</span>
                </header>
                <p className="muted">{note}</p>
                {fields.length === 0 ? (
                  <p className="panel-empty">No custom fields in this scope.</p>
                ) : (
                  <RowsTable
                    className={`cf-table${formats ? ' with-formats' : ''}`}
                    aria-label={`Custom fields: ${title}`}
                    head={formats ? HEAD_WITH_FORMATS : HEAD}
                    rows={fields}
                    rowKey={(f) => f.apiId}
                  >
                    {(f) => {
                      const k = kindFormat(f.dataKind);
                      return (
                        <>
                          <td>
                            <strong>{f.name}</strong>
                            {f.description ? <div className="muted">{f.description}</div> : null}
                          </td>
                          <td>
                            <ApiId id={f.apiId} of={`the field ${f.name}`} />
                          </td>
                          <td>{k.label}</td>
                          <td>
                            {f.options && f.options.length > 0 ? (
                              <ul className="cf-options" aria-label={`Options of ${f.name}`}>
                                {f.options.map((o) => (
                                  <li key={o.api_id}>
                                    <span className="cf-option">{o.option}</span>{' '}
                                    <ApiId id={o.api_id} of={`the option ${o.option} of ${f.name}`} />
                                  </li>
                                ))}
                              </ul>
                            ) : (
                              <span className="muted">—</span>
                            )}
                          </td>
                          {formats ? (
                            <>
                              <td>{k.sent}</td>
                              <td>{k.read}</td>
                            </>
                          ) : null}
                        </>
                      );
                    }}
                  </RowsTable>
                )}
              </section>
            );
          })}
        </div>
      ) : null}
    </div>
  );
}

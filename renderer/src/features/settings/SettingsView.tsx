import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { CacheClearView } from '../../../../electron/common/shapes';
import { errorText } from '../../platform/instance';
import { useQuery } from '../../data/queries';
import { clearCache, configureWebhook as saveWebhook } from './actions';
import { useApp } from '../../stores/app';
import { useProfiles } from '../../stores/profiles';
import { InvitationSection } from './InvitationSection';
import { Alert } from '../../components/Alert';
import { keptText, removedText } from './cacheText';
import { parsePort } from './port';
import { UpdatesSection } from './UpdatesSection';
import { OfficeSection } from './OfficeSection';
import { DraftInput } from '../../components/DraftInput';
import { Words } from '../../components/Words';
import { Select } from '../../components/Select';
import { SETTINGS_PANES, type SettingsPane } from '../../../../electron/common/domain/views';

const FEATURE_LABEL = {
  authorsGroups: 'Authors groups',
  refereeFinder: 'Referee finder',
  recommendJournals: 'Recommend journals',
} as const;

export function SettingsView() {
  const { state, tests, busy, error } = useProfiles();
  const { load, save, remove, activate, setKey, clearKey, test } = useProfiles.getState();
  const info = useApp((s) => s.info);
  const [draft, setDraft] = useState({ name: '', baseUrl: '' });
  const [keys, setKeys] = useState<Record<string, string>>({});
  const setView = useApp((s) => s.setView);
  const pane = useApp((s) => s.settingsPane);
  const openSettings = useApp((s) => s.openSettings);

  useEffect(() => {
    void load();
  }, [load]);

  const connection = (
    <section aria-labelledby="profiles-h">
      <h2 id="profiles-h">Connection profiles</h2>
      {state?.profiles.map((p) => {
        const t = tests[p.id];
        return (
          <article key={p.id} className={`profile ${p.active ? 'active' : ''}`} aria-label={`Profile ${p.name}`}>
            <header className="row">
              <strong>{p.name}</strong>
              <span className="muted">{p.baseUrl}</span>
              {p.kind === 'demo' ? <span className="chip">Local demo</span> : null}
              {p.active ? <span className="chip marked">Active</span> : null}
              <span className="spacer" />
              {!p.active ? (
                <button type="button" onClick={() => void activate(p.id)}>
                  Use this profile
                </button>
              ) : null}
              <button type="button" onClick={() => void test(p.id)} disabled={busy}>
                Test connection
              </button>
              <button type="button" onClick={() => void remove(p.id)} disabled={p.active}>
                Remove
              </button>
            </header>
            <div className="row">
              <span>API key: {p.hasKey ? 'stored' : 'not set'}</span>
              <input
                type="password"
                autoComplete="off"
                aria-label={`New API key for ${p.name}`}
                placeholder="Paste a new API key"
                value={keys[p.id] ?? ''}
                onChange={(e) => setKeys({ ...keys, [p.id]: e.target.value })}
              />
              <button
                type="button"
                disabled={(keys[p.id] ?? '').trim().length < 4}
                onClick={() => void setKey(p.id, keys[p.id]!.trim()).then((ok) => ok && setKeys({ ...keys, [p.id]: '' }))}
              >
                Save key
              </button>
              {p.hasKey ? (
                <button type="button" onClick={() => void clearKey(p.id)}>
                  Clear key
                </button>
              ) : null}
            </div>
            {t ? (
              <div className={t.ok ? 'ok' : 'error'} data-testid="connection-test">
                {t.ok ? `Connected in ${t.latencyMs ?? '?'} ms. ` : <Words text={t.error?.message ?? 'The connection test failed.'} />}{' '}
                <FeatureChips features={t.features} />
              </div>
            ) : p.lastFeatures && p.lastCheckedAt !== null ? (
              <p data-testid="plan-features">
                Plan features, as last checked {new Date(p.lastCheckedAt).toLocaleString()}: <FeatureChips features={p.lastFeatures} />
              </p>
            ) : (
              <p className="muted" data-testid="plan-features">
                Plan features not checked yet: Test connection asks the service.
              </p>
            )}
          </article>
        );
      })}
      <form
        className="row add-profile"
        aria-label="Add a connection profile"
        onSubmit={(e) => {
          e.preventDefault();
          void save(draft).then((ok) => ok && setDraft({ name: '', baseUrl: '' }));
        }}
      >
        <DraftInput draft={draft} onDraft={setDraft} field="name" label="Profile name" placeholder="e.g. Production" required />
        <DraftInput
          draft={draft}
          onDraft={setDraft}
          field="baseUrl"
          label="Service base URL"
          placeholder="https://service.example.org"
          type="url"
          required
        />
        <button type="submit">Add profile</button>
      </form>
    </section>
  );
  const panes: Record<SettingsPane, ReactNode> = {
    invitations: <InvitationSection />,
    connection,
    office: <OfficeSection />,
    updates: <UpdatesSection />,
    data: <DataSection dataDir={info?.dataDir ?? null} activeProfile={state?.profiles.find((p) => p.active)?.name ?? null} />,
    advanced: (
      <div className="advanced-group" data-advanced="" data-testid="settings-advanced">
        <h2 id="advanced-h">Advanced</h2>
        <section aria-labelledby="custom-fields-h">
          <h3 id="custom-fields-h">Custom fields</h3>
          <p className="row">
            <span className="muted">
              Extra fields your organization keeps on authors, folders and manuscripts: their ids, kinds and options.
            </span>
            <button type="button" onClick={() => setView('customFields')}>
              Open custom fields
            </button>
          </p>
        </section>
        <WebhookSection />
      </div>
    ),
  };

  return (
    <div className="settings">
      <nav className="settings-panes" aria-label="Settings sections">
        <ul>
          {SETTINGS_PANES.map((p) => (
            <li key={p.id}>
              <button
                type="button"
                className={`nav-item${p.id === pane ? ' active' : ''}`}
                aria-current={p.id === pane ? 'page' : undefined}
                title={p.hint}
                onClick={() => openSettings(p.id)}
              >
                {p.label}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <div className="settings-pane" data-pane={pane}>
        {state?.keyStorageWarning ? (
          <p role="alert" className="warn">
            {state.keyStorageWarning}
          </p>
        ) : null}
        <Alert text={error} />
        {panes[pane]}
      </div>
    </div>
  );
}

/** Where the service sends referee marks (the webhook receiver): on or off, who may reach it, its port and address. */
function WebhookSection() {
  const { data: webhook, error: loadError } = useQuery('webhook.status', {});
  const [configureError, setConfigureError] = useState<string | null>(null);
  const webhookError = configureError ?? loadError;
  const [portError, setPortError] = useState<string | null>(null);

  const configureWebhook = async (p: { enabled: boolean; basicAuth?: boolean; bindAddress?: '127.0.0.1' | '0.0.0.0'; port?: number }) => {
    const r = await saveWebhook(p);
    setConfigureError(r.ok ? null : r.error);
  };

  return (
    <section aria-labelledby="webhook-h">
      <h3 id="webhook-h">Referee marks from the service (webhook)</h3>
      <Alert text={webhookError} />
      {webhook ? (
        <>
          <div className="row webhook-controls">
            <label>
              <input
                type="checkbox"
                checked={webhook.enabled}
                onChange={(e) => void configureWebhook({ enabled: e.target.checked, basicAuth: webhook.basicAuth })}
              />{' '}
              Receive marks
            </label>{' '}
            <label>
              <input
                type="checkbox"
                checked={webhook.basicAuth}
                onChange={(e) => void configureWebhook({ enabled: webhook.enabled, basicAuth: e.target.checked })}
              />{' '}
              Basic auth
            </label>{' '}
            <span>
              <span aria-hidden="true">Listen on</span>{' '}
              <Select
                label="Listen on"
                value={webhook.bindAddress}
                options={[
                  { value: '127.0.0.1', label: 'this computer only (127.0.0.1)' },
                  { value: '0.0.0.0', label: 'all networks (0.0.0.0)' },
                ]}
                onChange={(v) => void configureWebhook({ enabled: webhook.enabled, bindAddress: v as '127.0.0.1' | '0.0.0.0' })}
              />
            </span>{' '}
            <label>
              Port{' '}
              <input
                type="text"
                inputMode="numeric"
                className="narrow"
                aria-describedby={portError ? 'port-error port-help' : 'port-help'}
                aria-invalid={portError ? true : undefined}
                key={webhook.port ?? 0}
                defaultValue={webhook.port ?? 0}
                onBlur={(e) => {
                  const parsed = parsePort(e.target.value);
                  if ('error' in parsed) return setPortError(parsed.error);
                  setPortError(null);
                  void configureWebhook({ enabled: webhook.enabled, port: parsed.port });
                }}
              />
            </label>
            <span id="port-help" className="muted">
              0 picks a free port, kept across restarts.
            </span>
          </div>
          {portError ? (
            <p id="port-error" className="warn" role="alert">
              {portError}
            </p>
          ) : null}
          {webhook.officeReceiver ? (
            <p data-testid="office-receiver">
              Your office’s receiver at <code>{webhook.officeReceiver.url}</code> takes the service’s calls: give the service its address.
              This computer’s receiver is for single-editor use.
            </p>
          ) : null}
          {webhook.url ? (
            <p className="row">
              Give the service this address: <code data-testid="webhook-url">{webhook.url}</code>
              <button type="button" onClick={() => void navigator.clipboard.writeText(webhook.url!)}>
                Copy
              </button>
            </p>
          ) : null}
          <p className="muted">
            {webhook.deliveries} deliveries
            {webhook.lastDeliveryAt ? `, last ${new Date(webhook.lastDeliveryAt).toLocaleString()} (${webhook.lastOutcome})` : ''}
          </p>
        </>
      ) : null}
    </section>
  );
}

function FeatureChips({ features }: { features: Record<keyof typeof FEATURE_LABEL, boolean | null> }) {
  return (
    <>
      {(Object.keys(FEATURE_LABEL) as Array<keyof typeof FEATURE_LABEL>).map((k) => (
        <span key={k} className={`chip ${features[k] === true ? 'ok' : features[k] === false ? 'bad' : ''}`}>
          {FEATURE_LABEL[k]}: {features[k] === true ? 'yes' : features[k] === false ? 'not in plan' : 'unknown'}
        </span>
      ))}
    </>
  );
}

/** The data folder (with a way to copy its path) and Clear cache, which asks before it drops anything. */
function DataSection({ dataDir, activeProfile }: { dataDir: string | null; activeProfile: string | null }) {
  const [copied, setCopied] = useState<string | null>(null);
  const [pending, setPending] = useState<CacheClearView | null>(null);
  const [done, setDone] = useState<CacheClearView | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const copy = async () => {
    if (!dataDir) return;
    try {
      await navigator.clipboard.writeText(dataDir);
      setCopied('Path copied.');
    } catch (e) {
      setCopied(`The path could not be copied (${errorText(e)}); select it and copy it by hand.`);
    }
  };
  const openRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const focusAfter = useRef<'cancel' | 'open' | null>(null);
  const clear = async (preview: boolean) => {
    // The asking button goes away (confirmation shown, or cleared): keep the keyboard focus nearby.
    focusAfter.current = preview ? 'cancel' : 'open';
    setBusy(true);
    setError(null);
    const r = await clearCache(preview);
    if (r.ok) {
      setPending(preview ? r.value : null);
      setDone(preview ? null : r.value);
    } else setError(r.error);
    setBusy(false);
  };

  useEffect(() => {
    if (busy || focusAfter.current === null) return;
    const target = focusAfter.current === 'cancel' ? cancelRef.current : openRef.current;
    if (target) {
      target.focus();
      focusAfter.current = null;
    }
  });

  return (
    <section aria-labelledby="data-h">
      <h2 id="data-h">Data</h2>
      <p className="row">
        Data folder: <code data-testid="data-dir">{dataDir}</code>
        <button type="button" onClick={() => void copy()} disabled={!dataDir}>
          Copy path
        </button>
        <span role="status" className="muted">
          {copied}
        </span>
      </p>
      <p className="muted">The cache, the copies of manuscript files waiting to be uploaded and the logs live there.</p>
      <Alert text={error} />
      {pending ? (
        <div role="group" aria-labelledby="clear-h" className="confirm">
          <h3 id="clear-h">Clear the cache{activeProfile ? ` of ${activeProfile}` : ''}?</h3>
          <p>
            This drops {removedText(pending)}. Candidates come back by uploading a manuscript again; the rest is read from the service when
            next shown.
          </p>
          <p className={pending.kept.pendingWrites > 0 ? 'warn' : 'muted'} data-testid="clear-kept">
            {keptText(pending)}
          </p>
          <div className="row">
            <button type="button" className="danger" disabled={busy} onClick={() => void clear(false)}>
              Clear cache
            </button>
            <button
              type="button"
              ref={cancelRef}
              disabled={busy}
              onClick={() => {
                focusAfter.current = 'open';
                setPending(null);
              }}
            >
              Cancel
            </button>
          </div>
        </div>
      ) : (
        <button type="button" ref={openRef} disabled={busy} onClick={() => void clear(true)}>
          Clear cache…
        </button>
      )}
      {done ? (
        <p role="status" data-testid="clear-result">
          Cache cleared: {removedText(done)}. {keptText(done)}
        </p>
      ) : null}
    </section>
  );
}

import { useEffect, useState } from 'react';
import { useApp } from '../../stores/app';
import { useOffice, type OfficeForm } from '../../stores/office';

const EMPTY: OfficeForm = { url: '', login: '', password: '' };

/**
 * Settings → Editorial office: the PostgreSQL office the active profile shares its shortlists,
 * invitations and answers with (docs/office.md). The password goes to the system keychain.
 */
export function OfficeSection() {
  const office = useApp((s) => s.status?.office ?? null);
  const { busy, result, test, link, unlink, syncNow, shareFiles, loadFileSharing, setFileSharing } = useOffice();
  const linked = office !== null;
  useEffect(() => {
    if (linked) void loadFileSharing();
  }, [linked, loadFileSharing]);
  const [form, setForm] = useState<OfficeForm>(EMPTY);
  const field = (k: keyof OfficeForm) => ({
    value: form[k],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setForm({ ...form, [k]: e.target.value }),
  });
  const complete = form.url.trim() !== '' && form.login.trim() !== '' && form.password !== '';
  return (
    <section aria-labelledby="office-h" data-testid="office-section">
      <h2 id="office-h">Editorial office</h2>
      <p className="muted">
        Share shortlists, invitations and answers with the other editors of your office, through the office’s PostgreSQL server. Each editor
        keeps working offline; changes are sent when the office can be reached.
      </p>
      {office ? (
        <div className="office-linked">
          <p data-testid="office-linked">
            Linked as <strong>{office.login}</strong> to <code>{office.url.replace(/^postgres(ql)?:\/\/[^@]*@/, '')}</code>
          </p>
          <p data-testid="office-state">
            {office.message}
            {office.reason && office.state !== 'in_step' ? ` — ${office.reason}` : ''}
          </p>
          <label>
            <input
              type="checkbox"
              aria-describedby="office-files-help"
              checked={shareFiles === true}
              disabled={shareFiles === null}
              onChange={(e) => void setFileSharing(e.target.checked)}
            />{' '}
            Share my manuscript files (PDF, DOCX up to 10 MB) with the office’s editors
          </label>
          <p id="office-files-help" className="muted">
            Colleagues always get your uploads’ forms and candidates; with this on, they also get the file itself, for uploads made from now
            on.
          </p>
          <div className="row">
            <button type="button" disabled={busy !== null} onClick={() => void syncNow()}>
              {busy === 'sync' ? 'Syncing…' : 'Sync with the office now'}
            </button>
            <button type="button" disabled={busy !== null} onClick={() => void unlink()}>
              Unlink
            </button>
          </div>
        </div>
      ) : (
        <form
          className="office-form"
          onSubmit={(e) => {
            e.preventDefault();
            void link(form).then((ok) => ok && setForm(EMPTY));
          }}
        >
          <label>
            Office address
            <input type="text" placeholder="postgres://office.example.org/referees?sslmode=require" autoComplete="off" {...field('url')} />
          </label>
          <label>
            User name
            <input type="text" autoComplete="username" {...field('login')} />
          </label>
          <label>
            Password
            <input type="password" autoComplete="current-password" {...field('password')} />
          </label>
          <div className="row">
            <button type="button" disabled={!complete || busy !== null} onClick={() => void test(form)}>
              {busy === 'test' ? 'Testing…' : 'Test office connection'}
            </button>
            <button type="submit" disabled={!complete || busy !== null}>
              {busy === 'link' ? 'Linking…' : 'Link this profile'}
            </button>
          </div>
        </form>
      )}
      {result ? (
        <p role={result.ok ? 'status' : 'alert'} className={result.ok ? 'muted' : 'warn'} data-testid="office-result">
          {result.message}
        </p>
      ) : null}
    </section>
  );
}

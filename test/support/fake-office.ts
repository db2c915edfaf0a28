// An office in memory with the real one's semantics (docs/office.md): events with a client-made id
// inserted once, ordered by (xid, seq), visible per folder to its members, notifications to listeners.
// For the sync loop's tests; the PostgreSQL store itself is tested in test/integration/office/.
import { DeskError } from '../../electron/common/errors';
import type { OfficeCursorRow, PulledEvent } from '../../electron/core/cache/office';
import { OFFICE_WIDE_FOLDER, OFFICE_WIDE_KINDS } from '../../electron/core/office/schema';
import type { OfficeConnection } from '../../electron/core/office/sync';

export class FakeOffice {
  readonly events: PulledEvent[] = [];
  readonly members = new Map<string, Set<string>>();
  private readonly listeners = new Set<{ login: string; wake: (folder: string) => void; lost?: (err: unknown) => void }>();
  private xid = 100;
  private seq = 0;
  /** While true every call fails as unreachable. */
  down = false;
  /** Logins whose password no longer works. */
  readonly refused = new Set<string>();
  pushes = 0;

  addEditor(login: string, folders: string[]): void {
    this.members.set(login, new Set(folders));
  }

  setDown(down: boolean): void {
    this.down = down;
    if (down) for (const l of [...this.listeners]) l.lost?.(new DeskError('offline', 'The office could not be reached.'));
  }

  connect(login: string): () => Promise<OfficeConnection> {
    return async () => {
      this.check(login);
      let closed = false;
      const mine = new Set<{ login: string; wake: (folder: string) => void; lost?: (err: unknown) => void }>();
      const conn: OfficeConnection = {
        folders: async () => {
          this.check(login);
          return [...(this.members.get(login) ?? [])].sort();
        },
        push: async (batch) => {
          this.check(login);
          const xid = this.xid++;
          const folders = new Set<string>();
          for (const e of batch) {
            if (!this.mayWrite(login, e.folder, e.kind)) throw new DeskError('unauthorized', `You are not an editor of ${e.folder}.`);
            if (this.events.some((x) => x.id === e.id)) continue;
            this.events.push({ ...e, body: structuredClone(e.body), author: login, xid, seq: ++this.seq, at: Date.now() });
            folders.add(e.folder);
          }
          this.pushes++;
          for (const f of folders) for (const l of this.listeners) if (this.mayRead(l.login, f)) l.wake(f);
        },
        pull: async (folder: string, cursor: OfficeCursorRow, limit = 500) => {
          this.check(login);
          if (!this.mayRead(login, folder)) return { events: [], cursor };
          const after = this.events
            .filter((e) => e.folder === folder && (e.xid > cursor.xid || (e.xid === cursor.xid && e.seq > cursor.seq)))
            .sort((a, b) => a.xid - b.xid || a.seq - b.seq)
            .slice(0, limit);
          const last = after.at(-1);
          return { events: structuredClone(after), cursor: last ? { xid: last.xid, seq: last.seq } : cursor };
        },
        listen: async (wake, lost) => {
          this.check(login);
          const l = { login, wake, ...(lost ? { lost } : {}) };
          mine.add(l);
          this.listeners.add(l);
        },
        close: async () => {
          if (closed) return;
          closed = true;
          for (const l of mine) this.listeners.delete(l);
        },
      };
      return conn;
    };
  }

  /** A journal to its members; the office-wide folder to every editor with a journal (office schema 3). */
  private mayRead(login: string, folder: string): boolean {
    const mine = this.members.get(login);
    return folder === OFFICE_WIDE_FOLDER ? (mine?.size ?? 0) > 0 : (mine?.has(folder) ?? false);
  }

  private mayWrite(login: string, folder: string, kind: string): boolean {
    if (folder !== OFFICE_WIDE_FOLDER) return this.mayRead(login, folder);
    return this.mayRead(login, folder) && (OFFICE_WIDE_KINDS as readonly string[]).includes(kind);
  }

  private check(login: string): void {
    if (this.down) throw new DeskError('offline', 'The office could not be reached.');
    if (this.refused.has(login)) throw new DeskError('unauthorized', 'The office refused your password.');
  }
}

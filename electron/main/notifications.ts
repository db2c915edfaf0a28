// OS notifications while the window is not focused (a batch of uploads finished, referee marks
// arrived through the webhook; a click opens that manuscript) and the taskbar/dock progress bar while
// a batch uploads.
import { Notification, type BrowserWindow } from 'electron';
import type { OpenRequest } from '../common/contract';
import type { Core } from '../core/composition';
import { BatchProgress } from './batch-progress';
import { openUploads } from './outbox-watch';

export function watchUploadsAndMarks(core: Core, win: () => BrowserWindow | null, open: (r: OpenRequest) => void): () => void {
  const batch = new BatchProgress();
  const notify = (title: string, body: string, target: OpenRequest | null) => {
    const w = win();
    if (!w || w.isFocused() || !Notification.isSupported()) return;
    const n = new Notification({ title, body });
    n.on('click', () => {
      if (w.isDestroyed()) return;
      if (w.isMinimized()) w.restore();
      w.show();
      w.focus();
      if (target) open(target);
    });
    n.show();
  };
  const refresh = () => {
    const view = batch.update(openUploads(core));
    win()?.setProgressBar(view.progress);
    if (view.finished) {
      const n = view.finished.uploaded;
      notify(
        'Uploads finished',
        `${n} ${n === 1 ? 'manuscript was' : 'manuscripts were'} uploaded. Referee candidates are ready to review.`,
        null,
      );
    }
  };
  return core.events.onAny((event, payload) => {
    if (event === 'upload.progress') {
      const p = payload as { manuscriptId: number; sentBytes: number; totalBytes: number };
      win()?.setProgressBar(batch.progressOf(p.manuscriptId, p.sentBytes, p.totalBytes));
    } else if (event === 'data.changed') {
      const d = payload as { topic: string; id?: number };
      if (d.topic === 'outbox' || d.topic === 'manuscripts') refresh();
      if (d.topic === 'marks' && d.id !== undefined) {
        const m = core.cache.manuscripts.getById(d.id);
        if (m)
          notify('Referee marks arrived', `New referee marks for “${m.title || m.originId}”.`, {
            kind: 'manuscript',
            originId: m.originId,
            manuscriptId: m.id,
          });
      }
    }
  });
}

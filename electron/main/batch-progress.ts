// A batch of uploads as the taskbar/dock and the notifications see it. Pure: fed with the outbox's
// open uploads (queued or being sent) and each upload's progress; answers the progress bar value and
// whether a batch just finished.

export interface BatchView {
  /** 0…1 while a batch is under way, -1 when there is none (Electron's setProgressBar removes the bar). */
  progress: number;
  /** Set once, when the last open upload of a batch leaves the outbox. */
  finished: { uploaded: number } | null;
}

export class BatchProgress {
  private open = new Set<number>();
  private seen = new Set<number>();
  private bytes = new Map<number, { sent: number; total: number }>();

  /** `openUploads`: local manuscript ids of uploads still queued or being sent. */
  update(openUploads: readonly number[]): BatchView {
    const now = new Set(openUploads);
    for (const id of now) this.seen.add(id);
    for (const id of this.bytes.keys()) if (!now.has(id)) this.bytes.set(id, { sent: 1, total: 1 });
    const hadOpen = this.open.size > 0;
    this.open = now;
    if (now.size === 0) {
      const uploaded = hadOpen ? this.seen.size : 0;
      this.seen.clear();
      this.bytes.clear();
      return { progress: -1, finished: uploaded > 0 ? { uploaded } : null };
    }
    return { progress: this.fraction(), finished: null };
  }

  progressOf(manuscriptId: number, sent: number, total: number): number {
    if (this.open.has(manuscriptId) && total > 0) this.bytes.set(manuscriptId, { sent: Math.min(sent, total), total });
    return this.open.size === 0 ? -1 : this.fraction();
  }

  /** Done uploads count whole; open ones by their bytes sent (0 until their first progress). */
  private fraction(): number {
    let done = 0;
    for (const id of this.seen) {
      if (!this.open.has(id)) done += 1;
      else {
        const b = this.bytes.get(id);
        done += b ? b.sent / b.total : 0;
      }
    }
    return Math.min(1, done / this.seen.size);
  }
}

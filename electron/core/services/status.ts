import type { Connectivity, StatusEvent } from '../../common/contract';
import type { EventBus } from '../events';
import type { Clock } from '../ports';

/** Holds what the status bar shows and tells the renderer whenever it changes. */
export class StatusService {
  private state: Omit<StatusEvent, 'message' | 'at'> = { connectivity: 'unknown', pendingWrites: 0, failedWrites: 0 };

  constructor(
    private readonly bus: EventBus,
    private readonly clock: Clock,
  ) {}

  get(): StatusEvent {
    return { ...this.state, message: statusMessage(this.state), at: this.clock.now() };
  }

  update(patch: Partial<Omit<StatusEvent, 'message' | 'at'>>): void {
    const next = { ...this.state, ...patch };
    if (
      next.connectivity === this.state.connectivity &&
      next.pendingWrites === this.state.pendingWrites &&
      next.failedWrites === this.state.failedWrites
    ) {
      return;
    }
    this.state = next;
    this.bus.emit('app.status', this.get());
  }
}

export function statusMessage(s: { connectivity: Connectivity; pendingWrites: number; failedWrites: number }): string {
  const base = s.connectivity === 'online' ? 'Online' : s.connectivity === 'offline' ? 'Offline' : 'Connecting…';
  const parts = [base];
  if (s.pendingWrites > 0) parts.push(`${s.pendingWrites} ${s.pendingWrites === 1 ? 'change' : 'changes'} queued`);
  if (s.failedWrites > 0) parts.push(`${s.failedWrites} need${s.failedWrites === 1 ? 's' : ''} attention`);
  return parts.join(' — ');
}

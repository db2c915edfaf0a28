import type { Connectivity, DemoStatus, StatusEvent } from '../common/contract';
import type { OfficeStatusView } from '../common/shapes';
import type { EventBus } from './events';
import type { Clock } from './ports';

/** Holds what the status bar shows and tells the renderer whenever it changes. */
export class StatusService {
  private state: Omit<StatusEvent, 'message' | 'at'> = { connectivity: 'unknown', pendingWrites: 0, failedWrites: 0 };
  /** What the app is doing or what went wrong, shown instead of the connectivity word (e.g. "Starting the local demo service…"). */
  private activity: string | null = null;
  /** The local demo service's state, once the app has started one. */
  private demo: DemoStatus | null = null;
  /** The active profile's office, when it is linked to one. */
  private office: OfficeStatusView | null = null;

  constructor(
    private readonly bus: EventBus,
    private readonly clock: Clock,
  ) {}

  get(): StatusEvent {
    return {
      ...this.state,
      message: statusMessage(this.state, this.activity),
      at: this.clock.now(),
      ...(this.demo ? { demo: this.demo } : {}),
      ...(this.office ? { office: this.office } : {}),
    };
  }

  /** Sets (or clears with null) what the status bar says of the editorial office. */
  setOffice(office: OfficeStatusView | null): void {
    if (office?.message === this.office?.message && office?.state === this.office?.state && office?.waiting === this.office?.waiting)
      return;
    this.office = office;
    this.bus.emit('app.status', this.get());
  }

  /** Sets what the status bar knows of the local demo service (a failed one is offered a restart). */
  setDemo(demo: DemoStatus): void {
    if (this.demo?.state === demo.state && this.demo.message === demo.message) return;
    this.demo = demo;
    this.bus.emit('app.status', this.get());
  }

  /** Sets (or clears with null) the sentence that leads the status bar. */
  setActivity(activity: string | null): void {
    if (activity === this.activity) return;
    this.activity = activity;
    this.bus.emit('app.status', this.get());
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

export function statusMessage(
  s: { connectivity: Connectivity; pendingWrites: number; failedWrites: number },
  activity: string | null = null,
): string {
  const base = activity ?? (s.connectivity === 'online' ? 'Online' : s.connectivity === 'offline' ? 'Offline' : 'Connecting…');
  const parts = [base];
  if (s.pendingWrites > 0) parts.push(`${s.pendingWrites} ${s.pendingWrites === 1 ? 'change' : 'changes'} queued`);
  if (s.failedWrites > 0) parts.push(`${s.failedWrites} need${s.failedWrites === 1 ? 's' : ''} attention`);
  return parts.join(' — ');
}

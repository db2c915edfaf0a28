// The local demo service runs in its own process (Electron: utilityProcess; browser host: a Node
// child process), so generating its corpus or answering its requests never blocks the process that
// runs core. The host passes a function that forks it; this module only speaks to the child through
// its message port: start, wait for {base_url, api_key}, restart once if it dies, give up with a
// sentence the editor can read. Core never imports 'electron' — the fork is the host's business.
import { z } from 'zod';
import type { Logger } from '../ports';

/** A forked demo service as core sees it: messages in, an exit, a kill. */
export interface DemoChild {
  onMessage(listener: (message: unknown) => void): void;
  /** Called once when the process has gone (code null when ended by a signal). */
  onExit(listener: (code: number | null) => void): void;
  /** Asks the process to stop (SIGTERM); onExit follows. */
  kill(): void;
}

export interface DemoForkOptions {
  /** The demo service's own data folder (its SQLite and generated corpus). */
  dataDir: string;
  /** 0 picks a free port; a restart asks for the port the service had, so the profile stays valid. */
  port: number;
}

export type ForkDemo = (opts: DemoForkOptions) => DemoChild;

/** What the child posts once it listens, or why it could not. */
export const demoMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), base_url: z.string().url().max(200), api_key: z.string().min(1).max(500) }),
  z.object({ type: z.literal('failed'), message: z.string().max(2000) }),
]);
export type DemoMessage = z.infer<typeof demoMessage>;

export interface DemoService {
  baseUrl: string;
  apiKey: string;
}

/** What core is told while the service lives: it went down (and is being restarted), it is back, or it is gone for good. */
export interface DemoEvents {
  restarting?(reason: string): void;
  restarted?(service: DemoService): void | Promise<void>;
  failed?(reason: string): void;
}

export interface DemoSupervisorOptions {
  fork: ForkDemo;
  dataDir: string;
  logger: Logger;
  /** How long a start may take before it counts as failed. The first start on a fresh folder generates
   * the demo corpus (about 6 s on a slow machine). Default 120 s. */
  readyTimeoutMs?: number;
  /** Restarts allowed over the supervisor's life. Default 1. */
  restarts?: number;
}

/** `failed`: it gave up (the one restart spent); `start` may try again. */
type State = 'idle' | 'starting' | 'running' | 'failed' | 'closed';

export class DemoSupervisor {
  private state: State = 'idle';
  private child: DemoChild | null = null;
  private restartsLeft: number;
  private port = 0;
  private events: DemoEvents = {};
  private exited: Promise<void> = Promise.resolve();

  constructor(private readonly opts: DemoSupervisorOptions) {
    this.restartsLeft = opts.restarts ?? 1;
  }

  get status(): State {
    return this.state;
  }

  /** Starts the service; resolves when it listens. Rejects with a readable reason when it could not
   * start even after the one restart. Later deaths are reported through `events`. A supervisor that gave
   * up (`failed`) may be started again, on the editor's word, with its restarts renewed. */
  async start(events: DemoEvents = {}): Promise<DemoService> {
    if (this.state !== 'idle' && this.state !== 'failed') throw new Error('The demo service has already been started.');
    if (this.state === 'failed') this.restartsLeft = this.opts.restarts ?? 1;
    this.events = events;
    for (;;) {
      try {
        return await this.spawn();
      } catch (err) {
        const reason = err instanceof Error ? err.message : String(err);
        if ((this.state as State) === 'closed') throw new Error('Referee Desk is closing.', { cause: err });
        if (this.restartsLeft <= 0) {
          this.state = 'failed';
          throw new Error(reason, { cause: err });
        }
        this.restartsLeft--;
        this.opts.logger.log('warn', 'the local demo service did not start; trying once more', { reason });
      }
    }
  }

  /** Stops the process (if any) and waits for it to be gone. */
  async close(): Promise<void> {
    this.state = 'closed';
    this.child?.kill();
    await this.exited;
  }

  private spawn(): Promise<DemoService> {
    this.state = 'starting';
    const child = this.opts.fork({ dataDir: this.opts.dataDir, port: this.port });
    this.child = child;
    let markExited!: () => void;
    this.exited = new Promise((resolve) => (markExited = resolve));
    return new Promise<DemoService>((resolve, reject) => {
      let settled = false;
      const timer = setTimeout(() => {
        settle(new Error(`it did not answer within ${Math.round((this.opts.readyTimeoutMs ?? 120_000) / 1000)} s`));
        child.kill();
      }, this.opts.readyTimeoutMs ?? 120_000);
      timer.unref?.();
      const settle = (outcome: DemoService | Error) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (outcome instanceof Error) reject(outcome);
        else resolve(outcome);
      };
      child.onMessage((raw) => {
        const parsed = demoMessage.safeParse(raw);
        if (!parsed.success) {
          this.opts.logger.log('warn', 'the local demo service sent an unexpected message');
          return;
        }
        const m = parsed.data;
        if (m.type === 'failed') {
          settle(new Error(m.message));
          return;
        }
        this.port = Number(new URL(m.base_url).port) || 0;
        this.state = 'running';
        settle({ baseUrl: m.base_url, apiKey: m.api_key });
      });
      child.onExit((code) => {
        markExited();
        if (this.child === child) this.child = null;
        if (!settled) {
          settle(new Error(`it stopped while starting (exit code ${code ?? 'signal'})`));
          return;
        }
        if (this.state === 'running') void this.died(code);
      });
    });
  }

  private async died(code: number | null): Promise<void> {
    const reason = `the local demo service stopped unexpectedly (exit code ${code ?? 'signal'})`;
    this.opts.logger.log('warn', reason, { restartsLeft: this.restartsLeft });
    if (this.restartsLeft <= 0) {
      this.state = 'failed';
      this.events.failed?.(`${reason[0]!.toUpperCase()}${reason.slice(1)}.`);
      return;
    }
    this.restartsLeft--;
    this.events.restarting?.(reason);
    try {
      const service = await this.spawn();
      await this.events.restarted?.(service);
    } catch (err) {
      if (this.state === 'closed') return;
      this.state = 'failed';
      this.events.failed?.(
        `The local demo service stopped and could not be restarted: ${err instanceof Error ? err.message : String(err)}.`,
      );
    }
  }
}

/** The supervisor as core's `startDemo` option: the host keeps `supervisor` to stop it on quit (also
 * while it is still starting). */
export function demoProcess(opts: DemoSupervisorOptions) {
  const supervisor = new DemoSupervisor(opts);
  return {
    supervisor,
    startDemo: async (events: DemoEvents) => ({ ...(await supervisor.start(events)), close: () => supervisor.close() }),
  };
}

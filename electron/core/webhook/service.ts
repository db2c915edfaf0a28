// The editor's switch for the webhook receiver (Settings): which address it listens on, whether
// the service must present basic auth, and the same secret address across restarts. The path
// token and the basic-auth password live in the secret store, the rest in webhook.json.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { WebhookDeliveryView, WebhookStatusView } from '../../common/shapes';
import type { Cache } from '../cache';
import type { Logger, SecretStore } from '../ports';
import { secretAccount } from '../profiles';
import { newWebhookSecret, WebhookReceiver, type AnsweredDelivery, type MarksChange } from '.';

const settingsSchema = z.object({
  enabled: z.boolean(),
  bindAddress: z.string(),
  port: z.number().int().min(0).max(65535),
  basicAuth: z.boolean(),
});
type Settings = z.infer<typeof settingsSchema>;
const DEFAULTS: Settings = { enabled: false, bindAddress: '127.0.0.1', port: 0, basicAuth: false };
const TOKEN = 'webhook:token';
const PASSWORD = 'webhook:basic-password';
const USER = 'referee-desk';

export interface WebhookServiceDeps {
  cache: Cache;
  secrets: SecretStore;
  dataDir: string;
  logger: Logger;
  activeProfileId(): string | null;
  /** Told each delivery that changed marks (the windows hear of it from the cache's change feed, not from here). */
  onMarksChanged?: (change: MarksChange) => void;
}

export class WebhookService {
  private readonly receiver: WebhookReceiver;
  private readonly file: string;
  private settings: Settings;

  constructor(private readonly deps: WebhookServiceDeps) {
    this.file = join(deps.dataDir, 'webhook.json');
    this.settings = this.read();
    this.receiver = new WebhookReceiver({
      cache: deps.cache,
      activeProfileId: deps.activeProfileId,
      getApiKey: (id) => deps.secrets.get(secretAccount(id)),
      logger: deps.logger,
      ...(deps.onMarksChanged ? { onMarksChanged: deps.onMarksChanged } : {}),
      onAnswer: (a) => this.recordDelivery(a),
    });
  }

  /** Starts the receiver at launch when the editor left it on. */
  async restore(): Promise<void> {
    if (!this.settings.enabled) return;
    try {
      await this.start();
    } catch (err) {
      this.deps.logger.log('warn', 'webhook receiver could not start', { error: err instanceof Error ? err.message : String(err) });
    }
  }

  status(): WebhookStatusView {
    const s = this.receiver.status();
    return {
      enabled: this.settings.enabled,
      url: s.url,
      bindAddress: s.bindAddress ?? this.settings.bindAddress,
      port: s.port,
      basicAuth: this.settings.basicAuth,
      deliveries: s.deliveries,
      lastDeliveryAt: s.lastDelivery?.at ?? null,
      lastOutcome: s.lastDelivery?.outcome ?? null,
      officeReceiver: this.officeReceiver(),
    };
  }

  async configure(patch: Partial<Settings>): Promise<WebhookStatusView> {
    const next = settingsSchema.parse({ ...this.settings, ...patch });
    if (this.receiver.status().listening) await this.receiver.stop();
    this.settings = next;
    this.write();
    if (next.enabled) {
      const { port } = await this.start();
      // Keep the port the OS chose, so the address given to the service survives a restart.
      if (this.settings.port === 0) {
        this.settings = { ...this.settings, port };
        this.write();
      }
    }
    return this.status();
  }

  private officeReceiver(): WebhookStatusView['officeReceiver'] {
    const id = this.deps.activeProfileId();
    return id === null ? null : this.deps.cache.officeMarks.receiverFor(id);
  }

  /** The delivery history of the active profile, newest first. */
  deliveries(limit: number): WebhookDeliveryView[] {
    return this.deps.cache.webhookLog.list(this.deps.activeProfileId(), limit);
  }

  async close(): Promise<void> {
    if (this.receiver.status().listening) await this.receiver.stop();
  }

  private async start(): Promise<{ port: number }> {
    const token = (await this.deps.secrets.get(TOKEN)) ?? (await this.remember(TOKEN, newWebhookSecret()));
    const password = this.settings.basicAuth
      ? ((await this.deps.secrets.get(PASSWORD)) ?? (await this.remember(PASSWORD, newWebhookSecret(18))))
      : null;
    await this.receiver.start({
      bindAddress: this.settings.bindAddress,
      port: this.settings.port,
      token,
      ...(password ? { basicAuth: { user: USER, password } } : {}),
    });
    return { port: this.receiver.status().port ?? 0 };
  }

  /** A queue-full answer is not logged: the service delivers it again and nothing happened. */
  private recordDelivery(a: AnsweredDelivery): void {
    if (a.outcome !== 'busy') logDelivery(this.deps.cache, this.deps.activeProfileId(), a);
  }

  private async remember(account: string, value: string): Promise<string> {
    await this.deps.secrets.set(account, value);
    return value;
  }

  private read(): Settings {
    try {
      return settingsSchema.parse(JSON.parse(readFileSync(this.file, 'utf8')));
    } catch {
      return DEFAULTS;
    }
  }

  private write(): void {
    writeFileSync(this.file, JSON.stringify(this.settings, null, 2));
  }
}

/** Deliveries that reached the marks are in webhook_events already; refusals and connectivity checks are kept in the
 *  delivery log (the app's receiver and the office's headless one alike). */
export function logDelivery(cache: Pick<Cache, 'webhookLog'>, profileId: string | null, a: AnsweredDelivery): void {
  if (a.outcome !== 'test' && a.outcome !== 'rejected') return;
  cache.webhookLog.record({
    profileId,
    status: a.status,
    outcome: a.outcome,
    reason: a.message,
    serviceManuscriptId: a.serviceManuscriptId,
    order: a.order,
    remote: a.remote,
  });
}

import { balanceObject } from './balance-object';
import { newId } from './ids';
import { releasePendingRefunds } from './platform-balance';
import { NO_REQUEST, type RequestRef } from './request-ref';
import type { CheckoutSessionRecord, SandboxState, StripeEvent, StripeObject } from './sandbox-state';
import { StateStore } from './sandbox-state';
import { WebhookQueue } from './webhook-delivery';

/** The API version the sandbox speaks: the one stripe@23 pins, reported on events and answers. */
export const API_VERSION = '2026-10-28.endive';

/** Stripe lists events of the last 30 days; older ones are dropped from the state once delivered. */
const EVENT_RETENTION_SECONDS = 30 * 24 * 60 * 60;

/** The longest wait before looking again for sessions past their expiry. */
const MAX_EXPIRY_CHECK_MS = 60 * 60 * 1000;

export type CoreOptions = {
  secretKey: string;
  webhookSecret: string;
  webhookUrl: string;
  /** Where Connect events go, signed with their own secret; undefined: recorded, not delivered. */
  connectWebhook: { url: string; secret: string } | undefined;
  /** How long card funds stay pending in the platform balance before they are available. */
  fundsAvailableAfterSeconds: number;
  publicOrigin: string;
  stateFile: string | undefined;
  retryDelaysMs: number[];
  fetch: typeof fetch;
  now: () => Date;
};

/**
 * What every part of the sandbox shares: the state, the clock, events and their delivery, and the
 * changes that happen with time (a checkout session passing its expiry).
 */
export class SandboxCore {
  readonly store: StateStore;
  private readonly queue: WebhookQueue;
  private readonly connectQueue: WebhookQueue | undefined;
  private expiryTimer: NodeJS.Timeout | null = null;
  private fundsTimer: NodeJS.Timeout | null = null;
  private isClosed = false;

  constructor(readonly options: CoreOptions) {
    this.store = new StateStore(options.stateFile);
    this.queue = new WebhookQueue({
      store: this.store,
      url: options.webhookUrl,
      secret: options.webhookSecret,
      retryDelaysMs: options.retryDelaysMs,
      fetch: options.fetch,
      now: options.now,
    });
    if (options.connectWebhook) {
      this.connectQueue = new WebhookQueue({
        store: this.store,
        url: options.connectWebhook.url,
        secret: options.connectWebhook.secret,
        retryDelaysMs: options.retryDelaysMs,
        fetch: options.fetch,
        now: options.now,
        endpoint: 'connect',
      });
    }
  }

  get state(): SandboxState {
    return this.store.state;
  }

  /** Unix seconds, as Stripe's `created` and `expires_at`. */
  seconds(): number {
    return Math.floor(this.options.now().getTime() / 1000);
  }

  /** A page of the sandbox as the browser reaches it. */
  publicUrl(path: string): string {
    return `${this.options.publicOrigin.replace(/\/+$/, '')}${path}`;
  }

  /**
   * Records an event with a snapshot of the object and queues its delivery. The delivery starts after
   * the next `commit()`, once the state holding it is saved.
   */
  emit(
    type: string,
    object: StripeObject,
    request: RequestRef = NO_REQUEST,
    previousAttributes?: Record<string, unknown>,
  ): StripeEvent {
    const event = this.record(type, object, request, previousAttributes, undefined);
    this.queue.enqueue(event.id);
    return event;
  }

  /**
   * A Connect event: something that happened on a connected account, as Stripe sends it to Connect
   * endpoints, with the account's id in `account`. Queued for the Connect endpoint only.
   */
  emitConnect(
    type: string,
    object: StripeObject,
    account: string,
    previousAttributes?: Record<string, unknown>,
  ): StripeEvent {
    const event = this.record(type, object, NO_REQUEST, previousAttributes, account);
    if (this.connectQueue) this.connectQueue.enqueue(event.id);
    else event.pending_webhooks = 0;
    return event;
  }

  private record(
    type: string,
    object: StripeObject,
    request: RequestRef,
    previousAttributes: Record<string, unknown> | undefined,
    account: string | undefined,
  ): StripeEvent {
    const event: StripeEvent = {
      id: newId('evt'),
      object: 'event',
      ...(account ? { account } : {}),
      api_version: API_VERSION,
      created: this.seconds(),
      type,
      data: previousAttributes
        ? { object: structuredClone(object), previous_attributes: structuredClone(previousAttributes) }
        : { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: request.id, idempotency_key: request.idempotencyKey },
    };
    this.state.events.push(event);
    return event;
  }

  /** Queues one more delivery of an event that already exists, to the endpoint it belongs to. */
  redeliver(event: StripeEvent): void {
    if (event.account) this.connectQueue?.enqueue(event.id);
    else this.queue.enqueue(event.id);
  }

  /** Saves the state, then lets deliveries start and re-arms the expiry check. */
  async commit(): Promise<void> {
    this.dropOldEvents();
    await this.store.save();
    this.queue.wake();
    this.connectQueue?.wake();
    this.scheduleExpiryCheck();
    this.scheduleFundsCheck();
  }

  /** Starts what a saved state left pending: deliveries and expiries. */
  start(): void {
    if (this.state.deliveries.length > 0) {
      this.queue.wake();
      this.connectQueue?.wake();
    }
    this.scheduleFundsCheck();
    if (this.expireDueSessions()) this.commitInBackground();
    else this.scheduleExpiryCheck();
  }

  async close(): Promise<void> {
    this.isClosed = true;
    if (this.expiryTimer) clearTimeout(this.expiryTimer);
    this.expiryTimer = null;
    if (this.fundsTimer) clearTimeout(this.fundsTimer);
    this.fundsTimer = null;
    await Promise.all([this.queue.close(), this.connectQueue?.close()]);
  }

  /**
   * Makes card funds past their availability date available and sends `balance.available`, as Stripe
   * does when funds settle, then sends refunds that waited for them; true when some were. Call `commit()`
   * after.
   */
  settleDueFunds(): boolean {
    const now = this.seconds();
    const { balance } = this.state;
    const due = balance.pending.filter((funds) => funds.availableOn <= now);
    if (due.length === 0) return false;
    balance.pending = balance.pending.filter((funds) => funds.availableOn > now);
    balance.available += due.reduce((sum, funds) => sum + funds.amount, 0);
    this.emit('balance.available', balanceObject(balance));
    releasePendingRefunds(this);
    return true;
  }

  /** Wakes when the next pending card funds become available, so `balance.available` is sent then. */
  private scheduleFundsCheck(): void {
    if (this.isClosed) return;
    if (this.fundsTimer) clearTimeout(this.fundsTimer);
    this.fundsTimer = null;
    const pending = this.state.balance.pending;
    if (pending.length === 0) return;
    const next = Math.min(...pending.map((funds) => funds.availableOn)) * 1000;
    const delay = Math.min(Math.max(next - this.options.now().getTime(), 0), MAX_EXPIRY_CHECK_MS);
    this.fundsTimer = setTimeout(() => {
      this.fundsTimer = null;
      if (this.settleDueFunds()) this.commitInBackground();
      else this.scheduleFundsCheck();
    }, delay);
    this.fundsTimer.unref();
  }

  /** Marks an open session expired and records `checkout.session.expired`. */
  expireSession(record: CheckoutSessionRecord, request: RequestRef = NO_REQUEST): void {
    record.session.status = 'expired';
    record.session.url = null;
    this.emit('checkout.session.expired', record.session, request);
  }

  /** Expires every open session past its `expires_at`; true when one was. Call `commit()` after. */
  expireDueSessions(): boolean {
    const now = this.seconds();
    let hasExpired = false;
    for (const record of Object.values(this.state.sessions)) {
      if (record.session.status === 'open' && record.session.expires_at <= now) {
        this.expireSession(record);
        hasExpired = true;
      }
    }
    return hasExpired;
  }

  private commitInBackground(): void {
    this.commit().catch((error) => console.error('Card sandbox: could not save its state.', error));
  }

  private scheduleExpiryCheck(): void {
    if (this.isClosed) return;
    if (this.expiryTimer) clearTimeout(this.expiryTimer);
    this.expiryTimer = null;
    const open = Object.values(this.state.sessions).filter((r) => r.session.status === 'open');
    if (open.length === 0) return;
    const next = Math.min(...open.map((r) => r.session.expires_at)) * 1000;
    const delay = Math.min(Math.max(next - this.options.now().getTime(), 0), MAX_EXPIRY_CHECK_MS);
    this.expiryTimer = setTimeout(() => {
      this.expiryTimer = null;
      if (this.expireDueSessions()) this.commitInBackground();
      else this.scheduleExpiryCheck();
    }, delay);
    this.expiryTimer.unref();
  }

  private dropOldEvents(): void {
    const cutoff = this.seconds() - EVENT_RETENTION_SECONDS;
    const events = this.state.events;
    if (events.length === 0 || (events[0]?.created ?? cutoff) >= cutoff) return;
    const pending = new Set(this.state.deliveries.map((d) => d.eventId));
    this.state.events = events.filter((e) => e.created >= cutoff || pending.has(e.id));
  }
}

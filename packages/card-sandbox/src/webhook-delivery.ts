import { createHmac } from 'node:crypto';
import { newId } from './ids';
import type { DeliveryRecord, StateStore } from './sandbox-state';

/** After a failed attempt, the next comes after these delays; after the last one, delivery stops. */
export const DEFAULT_RETRY_DELAYS_MS = [1_000, 5_000, 30_000, 120_000, 600_000, 3_600_000];

/** Stripe stops waiting for an endpoint's answer after a while and counts the attempt as failed. */
const ATTEMPT_TIMEOUT_MS = 10_000;

/** setTimeout cannot wait longer than this. */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * The `Stripe-Signature` header for a payload: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.payload">`,
 * keyed by the whole `whsec_...` string, as Stripe signs and `stripe.webhooks.constructEvent` checks.
 */
export function signatureHeader(payload: string, secret: string, timestampSeconds: number): string {
  const signature = createHmac('sha256', secret).update(`${timestampSeconds}.${payload}`, 'utf8').digest('hex');
  return `t=${timestampSeconds},v1=${signature}`;
}

type QueueOptions = {
  store: StateStore;
  url: string;
  secret: string;
  retryDelaysMs: number[];
  fetch: typeof fetch;
  now: () => Date;
  /** Which endpoint's deliveries this queue makes: the platform's (undefined) or the Connect one. */
  endpoint?: 'connect';
};

/**
 * One queue per webhook endpoint: each delivery is attempted once, retried on the schedule after a
 * non-2xx answer or a network error, and kept in the state so a restart resumes it. Attempts run one
 * at a time, oldest due first, each freshly signed.
 */
export class WebhookQueue {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private isRerunWanted = false;
  private isClosed = false;
  private readonly inFlight = new AbortController();

  constructor(private readonly options: QueueOptions) {}

  /** Adds a delivery of the event, due now. It starts at the next `wake()`, after the state is saved. */
  enqueue(eventId: string): void {
    this.options.store.state.deliveries.push({
      id: newId('whd'),
      eventId,
      ...(this.options.endpoint ? { endpoint: this.options.endpoint } : {}),
      attempts: 0,
      nextAttemptAt: this.options.now().getTime(),
      lastError: null,
    });
  }

  /** Starts whatever is due, on a later turn of the event loop. */
  wake(): void {
    if (this.isClosed) return;
    this.setTimer(0);
  }

  async close(): Promise<void> {
    this.isClosed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.inFlight.abort();
    await this.running?.catch(() => undefined);
    await this.options.store.flush();
  }

  private setTimer(delayMs: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(
      () => {
        this.timer = null;
        void this.run();
      },
      Math.min(Math.max(delayMs, 0), MAX_TIMER_MS),
    );
    // Pending retries must not keep a process alive on their own; the state file keeps them.
    this.timer.unref();
  }

  private async run(): Promise<void> {
    if (this.running) {
      this.isRerunWanted = true;
      return;
    }
    this.running = (async () => {
      do {
        this.isRerunWanted = false;
        await this.deliverDue();
      } while (this.isRerunWanted && !this.isClosed);
    })();
    try {
      await this.running;
    } catch (error) {
      console.error('Card sandbox: webhook delivery stopped on an error; it resumes on the next event.', error);
    } finally {
      this.running = null;
    }
    this.scheduleNext();
  }

  private scheduleNext(): void {
    const deliveries = this.mine();
    if (this.isClosed || deliveries.length === 0) return;
    const next = Math.min(...deliveries.map((d) => d.nextAttemptAt));
    this.setTimer(next - this.options.now().getTime());
  }

  private async deliverDue(): Promise<void> {
    const { store } = this.options;
    for (;;) {
      if (this.isClosed) return;
      const now = this.options.now().getTime();
      const due = this.mine()
        .filter((d) => d.nextAttemptAt <= now)
        .sort((a, b) => a.nextAttemptAt - b.nextAttemptAt)[0];
      if (!due) return;
      await this.attempt(due);
      await store.save();
    }
  }

  private async attempt(delivery: DeliveryRecord): Promise<void> {
    const { store, retryDelaysMs } = this.options;
    const event = store.state.events.find((e) => e.id === delivery.eventId);
    if (!event) {
      this.remove(delivery);
      return;
    }
    const payload = JSON.stringify(event, null, 2);
    const timestamp = Math.floor(this.options.now().getTime() / 1000);
    let error: string | null = null;
    try {
      const response = await this.options.fetch(this.options.url, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          'Stripe-Signature': signatureHeader(payload, this.options.secret, timestamp),
          'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
        signal: AbortSignal.any([this.inFlight.signal, AbortSignal.timeout(ATTEMPT_TIMEOUT_MS)]),
      });
      await response.body?.cancel();
      if (response.status < 200 || response.status > 299) error = `HTTP ${response.status}`;
    } catch (cause) {
      // Stopped by close(): not an attempt; the delivery stays due for the next start.
      if (this.isClosed) return;
      error = cause instanceof Error ? cause.message : String(cause);
    }
    if (error === null) {
      event.pending_webhooks = 0;
      this.remove(delivery);
      return;
    }
    delivery.attempts += 1;
    delivery.lastError = error;
    const delay = retryDelaysMs[delivery.attempts - 1];
    if (delay === undefined) this.remove(delivery);
    else delivery.nextAttemptAt = this.options.now().getTime() + delay;
  }

  /** This endpoint's deliveries. */
  private mine(): DeliveryRecord[] {
    return this.options.store.state.deliveries.filter((d) => d.endpoint === this.options.endpoint);
  }

  private remove(delivery: DeliveryRecord): void {
    const deliveries = this.options.store.state.deliveries;
    const index = deliveries.indexOf(delivery);
    if (index >= 0) deliveries.splice(index, 1);
  }
}

import fs from 'node:fs';
import path from 'node:path';

/** A JSON object as Stripe returns it; the builders in each module give the exact fields. */
export type StripeObject = { id: string; object: string; [field: string]: unknown };

export type StripeEvent = {
  id: string;
  object: 'event';
  /** Connect events only: the connected account it happened on (delivered to the Connect endpoint). */
  account?: string;
  api_version: string;
  created: number;
  type: string;
  data: { object: StripeObject; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
};

export type CheckoutSessionRecord = {
  session: StripeObject & {
    status: 'open' | 'complete' | 'expired';
    payment_status: 'paid' | 'unpaid';
    amount_total: number;
    currency: string;
    expires_at: number;
    success_url: string | null;
    cancel_url: string | null;
  };
  /** The line items as Stripe's `item` objects (returned by `expand[]=line_items` and `/line_items`). */
  lineItems: (StripeObject & { description: string; quantity: number; amount_total: number })[];
  /** The product descriptions, shown on the hosted page only (Stripe keeps them on the product). */
  productDescriptions: (string | null)[];
};

export type PaymentRecord = {
  paymentIntent: string;
  charge: string;
  amount: number;
  currency: string;
  sessionId: string;
  created: number;
  disputeId: string | null;
  /** Refunds made so far (absent in state saved before refunds existed). */
  refunds?: StripeObject[];
};

export type AccountRecord = {
  account: StripeObject & { payouts_enabled: boolean; charges_enabled: boolean; details_submitted: boolean };
  /** Set by the test control: transfers to this account are refused. */
  isFailingTransfers: boolean;
  /** Set by the test control: this account's payouts fail with this `failure_code` (null: they are paid). */
  payoutFailureCode?: string | null;
  /**
   * Set by the test control: transfers wait in the account's balance (their ids, oldest first) instead of
   * being paid out at once, until the control releases them in one payout, as Stripe's payout schedule does.
   */
  heldTransfers?: string[] | null;
};

/** Card funds not yet available in the platform balance, and when they become available (unix seconds). */
export type PendingFundsRecord = { amount: number; availableOn: number; source: string };

/** The platform's Stripe balance in cents (USD only): transfers draw from `available`. */
export type PlatformBalanceRecord = { available: number; pending: PendingFundsRecord[] };

/** A payout on a connected account, and the transfers' destination payments (`py_...`) it carried. */
export type PayoutRecord = {
  account: string;
  payout: StripeObject & { amount: number; status: string; created: number };
  sourcePayments: string[];
};

export type AccountLinkRecord = {
  id: string;
  account: string;
  refreshUrl: string;
  returnUrl: string;
  expiresAt: number;
  isUsed: boolean;
};

export type DisputeObject = StripeObject & { status: string; amount: number; payment_intent: string };

/** Stripe's embedded list of a transfer's reversals: the 10 newest, and how many there are. */
export type ReversalList = {
  object: 'list';
  data: TransferReversalObject[];
  has_more: boolean;
  total_count: number;
  url: string;
};

export type TransferObject = StripeObject & {
  amount: number;
  amount_reversed: number;
  created: number;
  currency: string;
  description: string | null;
  destination: string;
  metadata: Record<string, string>;
  reversals: ReversalList;
  reversed: boolean;
  transfer_group: string | null;
};

export type TransferReversalObject = StripeObject & { amount: number; created: number; transfer: string };

/**
 * A fault armed by a test control for the next transfer (to `account`, or to any account when null):
 * `fail` refuses it; `drop` commits it and then cuts the connection instead of answering.
 */
export type TransferFaultRecord = {
  id: string;
  kind: 'fail' | 'drop';
  account: string | null;
  /** For `drop`: how many replays of the same idempotency key also lose their connection. */
  replaysToDrop: number;
};

/** One webhook delivery still to be made: retried on its schedule until it succeeds or runs out. */
export type DeliveryRecord = {
  id: string;
  eventId: string;
  /** Which webhook endpoint: the platform's (absent, as in older state files) or the Connect one. */
  endpoint?: 'connect';
  /** Attempts made so far. */
  attempts: number;
  /** Epoch milliseconds of the next attempt. */
  nextAttemptAt: number;
  lastError: string | null;
};

export type IdempotencyRecord = {
  method: string;
  path: string;
  /** The request's parameters as canonical JSON, to tell a replay from a different request. */
  params: string;
  status: number;
  body: unknown;
  requestId: string;
  /** Epoch milliseconds; Stripe keeps keys for 24 hours. */
  createdAt: number;
  /** Test control drop-next: replays whose connection is still to be cut instead of answered. */
  replaysToDrop?: number;
};

export type SandboxState = {
  version: 1;
  sessions: Record<string, CheckoutSessionRecord>;
  payments: Record<string, PaymentRecord>;
  accounts: Record<string, AccountRecord>;
  accountLinks: Record<string, AccountLinkRecord>;
  /** In creation order (ids are not integers, so objects keep insertion order, in JSON too). */
  transfers: Record<string, TransferObject>;
  /** In creation order. */
  transferReversals: Record<string, TransferReversalObject>;
  /** Armed by the test controls, oldest first; each is used up by one transfer. */
  transferFaults: TransferFaultRecord[];
  disputes: Record<string, DisputeObject>;
  balance: PlatformBalanceRecord;
  /** In creation order. */
  payouts: Record<string, PayoutRecord>;
  /** Oldest first. */
  events: StripeEvent[];
  deliveries: DeliveryRecord[];
  idempotency: Record<string, IdempotencyRecord>;
};

export function emptyState(): SandboxState {
  return {
    version: 1,
    sessions: {},
    payments: {},
    accounts: {},
    accountLinks: {},
    transfers: {},
    transferReversals: {},
    transferFaults: [],
    disputes: {},
    balance: { available: 0, pending: [] },
    payouts: {},
    events: [],
    deliveries: [],
    idempotency: {},
  };
}

/**
 * The sandbox's state and where it is kept: in memory only, or also in a JSON file written to a
 * temporary file and renamed over the old one, so a crash never leaves half a file. Saves that are
 * asked for while one is being written are folded into one more write.
 */
export class StateStore {
  readonly state: SandboxState;
  private writing: Promise<void> | null = null;
  private queued: Promise<void> | null = null;

  constructor(private readonly file: string | undefined) {
    this.state = file ? loadState(file) : emptyState();
  }

  /** Resolves once everything changed before the call is on disk. */
  save(): Promise<void> {
    const file = this.file;
    if (!file) return Promise.resolve();
    if (!this.queued) {
      const previous = this.writing;
      this.queued = (async () => {
        // Always wait a turn first, so that `this.queued` is set before it is cleared here. From now
        // on a save() asked for needs a write of its own, after this one.
        await previous?.catch(() => undefined);
        this.queued = null;
        const write = writeState(file, this.state);
        this.writing = write;
        try {
          await write;
        } finally {
          if (this.writing === write) this.writing = null;
        }
      })();
    }
    return this.queued;
  }

  /** Waits for writes under way. */
  async flush(): Promise<void> {
    await (this.queued ?? this.writing ?? Promise.resolve()).catch(() => undefined);
  }
}

function loadState(file: string): SandboxState {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return emptyState();
    throw error;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`Card sandbox: the state file ${file} is not valid JSON; move it away to start afresh.`);
  }
  if ((parsed as { version?: unknown } | null)?.version !== 1) {
    throw new Error(`Card sandbox: the state file ${file} has an unknown format; move it away to start afresh.`);
  }
  return { ...emptyState(), ...(parsed as SandboxState) };
}

let temporaryFileCounter = 0;

async function writeState(file: string, state: SandboxState): Promise<void> {
  const text = JSON.stringify(state);
  temporaryFileCounter += 1;
  const temporary = `${file}.${process.pid}.${temporaryFileCounter}.tmp`;
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  await fs.promises.writeFile(temporary, text);
  await fs.promises.rename(temporary, file);
}

import { newId } from './ids';
import { returnFromTransfer } from './platform-balance';
import type { RequestRef } from './request-ref';
import type { SandboxCore } from './sandbox-core';
import type { AccountRecord, ReversalList, TransferObject, TransferReversalObject } from './sandbox-state';
import { StripeApiError } from './stripe-error';

/** Stripe embeds a transfer's 10 newest reversals in it; the others are listed at `reversals.url`. */
const EMBEDDED_REVERSALS = 10;

export type NewTransfer = {
  amount: number;
  currency: string;
  destination: string;
  metadata: Record<string, string>;
  transferGroup: string | null;
  description: string | null;
};

/**
 * The account a transfer goes to, or Stripe's refusal: an unknown destination (a parameter error,
 * not stored under the idempotency key), or one that cannot receive a transfer (payouts not enabled,
 * or told to fail by the test control), which Stripe stores and replays.
 */
export function transferDestination(core: SandboxCore, id: string): AccountRecord {
  const destination = core.state.accounts[id];
  if (!destination) {
    throw new StripeApiError(400, {
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: `No such destination: '${id}'`,
      param: 'destination',
    });
  }
  if (!destination.account.payouts_enabled) {
    throw new StripeApiError(
      400,
      {
        type: 'invalid_request_error',
        code: 'insufficient_capabilities_for_transfer',
        message:
          'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
        param: 'destination',
      },
      { isExecuted: true },
    );
  }
  if (destination.isFailingTransfers) {
    throw transferNotAllowed('The card sandbox was told to refuse transfers to this account.');
  }
  return destination;
}

/** Stripe's refusal of a transfer it will not make, stored under the idempotency key like an answer. */
export function transferNotAllowed(why: string): StripeApiError {
  return new StripeApiError(
    400,
    {
      type: 'invalid_request_error',
      code: 'transfers_not_allowed',
      message: `The requested transfer cannot be created. (${why})`,
    },
    { isExecuted: true },
  );
}

/** A transfer to a connected account that can receive it; queues `transfer.created`. */
export function createTransfer(core: SandboxCore, input: NewTransfer, request: RequestRef): TransferObject {
  const id = newId('tr');
  const transfer: TransferObject = {
    id,
    object: 'transfer',
    amount: input.amount,
    amount_reversed: 0,
    balance_transaction: newId('txn'),
    created: core.seconds(),
    currency: input.currency,
    description: input.description,
    destination: input.destination,
    destination_payment: newId('py'),
    livemode: false,
    metadata: input.metadata,
    reversals: { object: 'list', data: [], has_more: false, total_count: 0, url: `/v1/transfers/${id}/reversals` },
    reversed: false,
    source_transaction: null,
    source_type: 'card',
    transfer_group: input.transferGroup,
  };
  core.state.transfers[id] = transfer;
  core.emit('transfer.created', transfer, request);
  return transfer;
}

/** Every transfer, newest first. */
export function transfersNewestFirst(core: SandboxCore): TransferObject[] {
  return Object.values(core.state.transfers).reverse();
}

/** A transfer's reversals, newest first. */
export function reversalsOf(core: SandboxCore, transferId: string): TransferReversalObject[] {
  return Object.values(core.state.transferReversals)
    .filter((reversal) => reversal.transfer === transferId)
    .reverse();
}

function embeddedReversals(core: SandboxCore, transferId: string): ReversalList {
  const all = reversalsOf(core, transferId);
  return {
    object: 'list',
    data: all.slice(0, EMBEDDED_REVERSALS),
    has_more: all.length > EMBEDDED_REVERSALS,
    total_count: all.length,
    url: `/v1/transfers/${transferId}/reversals`,
  };
}

export type NewReversal = {
  /** Null: all that is not yet reversed. */
  amount: number | null;
  metadata: Record<string, string>;
};

/**
 * Takes back part or all of what remains of a transfer, as Stripe's transfer reversal: the transfer's
 * `amount_reversed`, `reversals` and (once nothing remains) `reversed` change, and `transfer.reversed`
 * is queued with the transfer. A transfer already fully reversed, or an amount above what remains, is
 * refused with an answer Stripe stores under the idempotency key.
 */
export function reverseTransfer(
  core: SandboxCore,
  transfer: TransferObject,
  input: NewReversal,
  request: RequestRef,
): TransferReversalObject {
  const remaining = transfer.amount - transfer.amount_reversed;
  if (remaining <= 0) {
    throw new StripeApiError(
      400,
      { type: 'invalid_request_error', message: `The transfer ${transfer.id} is already fully reversed.` },
      { isExecuted: true },
    );
  }
  const amount = input.amount ?? remaining;
  if (amount > remaining) {
    throw new StripeApiError(
      400,
      {
        type: 'invalid_request_error',
        message: `The amount to reverse (${amount}) is more than what remains of transfer ${transfer.id} (${remaining}).`,
        param: 'amount',
      },
      { isExecuted: true },
    );
  }
  const reversal: TransferReversalObject = {
    id: newId('trr'),
    object: 'transfer_reversal',
    amount,
    balance_transaction: newId('txn'),
    created: core.seconds(),
    currency: transfer.currency,
    destination_payment_refund: newId('pyr'),
    metadata: input.metadata,
    source_refund: null,
    transfer: transfer.id,
  };
  core.state.transferReversals[reversal.id] = reversal;
  const previous = {
    amount_reversed: transfer.amount_reversed,
    reversals: transfer.reversals,
    reversed: transfer.reversed,
  };
  returnFromTransfer(core, amount);
  transfer.amount_reversed += amount;
  transfer.reversed = transfer.amount_reversed === transfer.amount;
  transfer.reversals = embeddedReversals(core, transfer.id);
  core.emit('transfer.reversed', transfer, request, previous);
  return reversal;
}

export type TransferChanges = {
  /** Null unsets it. */
  description?: string | null;
  metadata?: Record<string, string>;
};

/** Changes a transfer's description or metadata; queues `transfer.updated` when something changed. */
export function updateTransfer(
  core: SandboxCore,
  transfer: TransferObject,
  changes: TransferChanges,
  request: RequestRef,
): TransferObject {
  const previous: Record<string, unknown> = {};
  if (changes.description !== undefined && changes.description !== transfer.description) {
    previous.description = transfer.description;
    transfer.description = changes.description;
  }
  if (changes.metadata !== undefined && !isSameMetadata(changes.metadata, transfer.metadata)) {
    previous.metadata = transfer.metadata;
    transfer.metadata = changes.metadata;
  }
  if (Object.keys(previous).length > 0) core.emit('transfer.updated', transfer, request, previous);
  return transfer;
}

function isSameMetadata(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

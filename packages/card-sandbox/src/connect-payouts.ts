import { newId } from './ids';
import type { SandboxCore } from './sandbox-core';
import type { AccountRecord, PayoutRecord, TransferObject } from './sandbox-state';

/** Stripe's payout failure codes the control may set, with the message Stripe gives for each. */
export const PAYOUT_FAILURES: Readonly<Record<string, string>> = {
  account_closed: 'The bank account has been closed.',
  account_frozen: 'The bank account has been frozen.',
  bank_account_restricted: 'The bank account has restrictions on either the type, or the number, of payouts allowed.',
  could_not_process: 'The bank could not process this payout.',
  invalid_account_number: 'The routing number seems correct, but the account number is invalid.',
  no_account: 'The bank account details on file are probably incorrect.',
};

/** One business day later, as a standard payout's `arrival_date`. */
const ONE_DAY_SECONDS = 24 * 60 * 60;

/**
 * The connected account's automatic payout of a transfer it received: Stripe pays a connected account's
 * available balance out to its bank on its schedule, sending `payout.created`, then `payout.paid` or
 * `payout.failed` (to Connect endpoints, with the account). The sandbox pays each transfer out at once in
 * a payout of its own, unless the test control holds the account's payouts: then its transfers wait, and
 * are paid out together in one payout when released (`payOutHeldTransfers`), as a schedule's payout carries
 * every transfer since the last. The payout's balance transactions (`GET /v1/balance_transactions?payout=`
 * with `Stripe-Account`) name each transfer's destination payment, which is how a platform matches them.
 */
export function payOutTransfer(core: SandboxCore, record: AccountRecord, transfer: TransferObject): void {
  if (record.heldTransfers) record.heldTransfers.push(transfer.id);
  else payOut(core, record, [transfer]);
}

/**
 * Pays the account's held transfers out in one payout (none: no payout) and stops holding its payouts. A
 * transfer reversed meanwhile took its money back to the platform: it is not paid out.
 */
export function payOutHeldTransfers(core: SandboxCore, record: AccountRecord): PayoutRecord | null {
  const transfers = (record.heldTransfers ?? [])
    .flatMap((id) => core.state.transfers[id] ?? [])
    .filter((transfer) => !transfer.reversed);
  record.heldTransfers = null;
  return transfers.length > 0 ? payOut(core, record, transfers) : null;
}

function payOut(core: SandboxCore, record: AccountRecord, transfers: TransferObject[]): PayoutRecord {
  const failureCode = record.payoutFailureCode ?? null;
  const created = core.seconds();
  const payout: PayoutRecord['payout'] = {
    id: newId('po'),
    object: 'payout',
    amount: transfers.reduce((sum, t) => sum + t.amount, 0),
    arrival_date: created + ONE_DAY_SECONDS,
    automatic: true,
    balance_transaction: newId('txn'),
    created,
    currency: transfers[0]?.currency ?? 'usd',
    description: 'STRIPE PAYOUT',
    destination: `ba_${record.account.id.slice(5)}`,
    failure_balance_transaction: null,
    failure_code: null,
    failure_message: null,
    livemode: false,
    metadata: {},
    method: 'standard',
    source_type: 'card',
    statement_descriptor: null,
    status: 'pending',
    type: 'bank_account',
  };
  const payoutRecord: PayoutRecord = {
    account: record.account.id,
    payout,
    sourcePayments: transfers.map((t) => String(t.destination_payment)),
  };
  core.state.payouts[payout.id] = payoutRecord;
  core.emitConnect('payout.created', payout, record.account.id);
  if (failureCode) {
    payout.status = 'failed';
    payout.failure_code = failureCode;
    payout.failure_message = PAYOUT_FAILURES[failureCode] ?? null;
    payout.failure_balance_transaction = newId('txn');
    core.emitConnect('payout.failed', payout, record.account.id);
  } else {
    payout.status = 'paid';
    core.emitConnect('payout.paid', payout, record.account.id);
  }
  return payoutRecord;
}

/**
 * The balance transactions a payout carried, newest first, as Stripe lists them for the connected account:
 * one per transfer (its destination payment, for the transfer's amount), and the payout's own.
 */
export function payoutBalanceTransactions(core: SandboxCore, record: PayoutRecord) {
  const transferByPayment = new Map(
    Object.values(core.state.transfers).map((t) => [String(t.destination_payment), t] as const),
  );
  const { payout } = record;
  const base = { object: 'balance_transaction', available_on: payout.created, created: payout.created };
  const payments = record.sourcePayments.map((source) => {
    const amount = transferByPayment.get(source)?.amount ?? payout.amount;
    return {
      ...base,
      id: `txn_${source.slice(3)}`,
      amount,
      currency: payout.currency,
      description: null,
      fee: 0,
      fee_details: [],
      net: amount,
      reporting_category: 'charge',
      source,
      status: 'available',
      type: 'payment',
    };
  });
  const own = {
    ...base,
    id: String(payout.balance_transaction),
    amount: -payout.amount,
    currency: payout.currency,
    description: 'STRIPE PAYOUT',
    fee: 0,
    fee_details: [],
    net: -payout.amount,
    reporting_category: 'payout',
    source: payout.id,
    status: 'available',
    type: 'payout',
  };
  return [own, ...payments.reverse()];
}

/**
 * The test control's payouts setting of an account: `enabled: false` disables its payouts as Stripe does
 * when it needs more information (`payouts_enabled` false, requirements past due, `account.updated`);
 * `true` enables them again. Changes nothing (and sends nothing) when already so.
 */
export function setPayoutsEnabled(core: SandboxCore, record: AccountRecord, enabled: boolean): void {
  const { account } = record;
  if (account.payouts_enabled === enabled) return;
  const previous = { payouts_enabled: account.payouts_enabled, requirements: account.requirements };
  account.payouts_enabled = enabled;
  const due = enabled ? [] : ['individual.verification.document'];
  account.requirements = {
    alternatives: [],
    current_deadline: null,
    currently_due: due,
    disabled_reason: enabled ? null : 'requirements.past_due',
    errors: [],
    eventually_due: due,
    past_due: due,
    pending_verification: [],
  };
  core.emitConnect('account.updated', account, account.id, previous);
}

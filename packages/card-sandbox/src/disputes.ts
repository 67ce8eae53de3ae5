import { newId } from './ids';
import { releasePendingRefunds } from './platform-balance';
import { failRefund } from './refunds';
import type { SandboxCore } from './sandbox-core';
import type { DisputeObject, PaymentRecord } from './sandbox-state';

/**
 * Stripe's dispute fee for a US card payment (its pricing page): debited with the disputed amount when the
 * money is withdrawn, and kept whatever the outcome (only a "countered" fee, which the product never incurs,
 * comes back with a win).
 */
const DISPUTE_FEE = 1500;

/** Stripe gives the merchant about a week to answer a card dispute. */
const EVIDENCE_WINDOW_SECONDS = 7 * 24 * 60 * 60;

export const DISPUTE_REASONS = [
  'bank_cannot_process',
  'credit_not_processed',
  'customer_initiated',
  'debit_not_authorized',
  'duplicate',
  'fraudulent',
  'general',
  'incorrect_account_details',
  'insufficient_funds',
  'product_not_received',
  'product_unacceptable',
  'subscription_canceled',
  'unrecognized',
] as const;

/**
 * A dispute for the whole payment, waiting for a response; queues `charge.dispute.created`. It names
 * both the `charge` and the `payment_intent`, as Stripe's does, so a dispute leads back to its top-up.
 * A chargeback withdraws the money at once (`charge.dispute.funds_withdrawn` follows). An inquiry (a
 * pre-dispute, `warning_needs_response`) withdraws nothing and leaves the charge refundable, until it is
 * escalated to a chargeback or closed (`warning_closed`).
 */
export function openDispute(
  core: SandboxCore,
  payment: PaymentRecord,
  reason: string,
  options: { isInquiry?: boolean } = {},
): DisputeObject {
  const isInquiry = options.isInquiry ?? false;
  const created = core.seconds();
  const dispute: DisputeObject = {
    id: newId('dp'),
    object: 'dispute',
    amount: payment.amount,
    balance_transactions: [],
    charge: payment.charge,
    created,
    currency: payment.currency,
    enhanced_eligibility_types: [],
    evidence: {
      access_activity_log: null,
      billing_address: null,
      cancellation_policy: null,
      cancellation_policy_disclosure: null,
      cancellation_rebuttal: null,
      customer_communication: null,
      customer_email_address: null,
      customer_name: null,
      customer_purchase_ip: null,
      customer_signature: null,
      duplicate_charge_documentation: null,
      duplicate_charge_explanation: null,
      duplicate_charge_id: null,
      enhanced_evidence: {},
      product_description: null,
      receipt: null,
      refund_policy: null,
      refund_policy_disclosure: null,
      refund_refusal_explanation: null,
      service_date: null,
      service_documentation: null,
      shipping_address: null,
      shipping_carrier: null,
      shipping_date: null,
      shipping_documentation: null,
      shipping_tracking_number: null,
      uncategorized_file: null,
      uncategorized_text: null,
    },
    evidence_details: {
      due_by: created + EVIDENCE_WINDOW_SECONDS,
      enhanced_eligibility: {},
      has_evidence: false,
      past_due: false,
      submission_count: 0,
      submission_method: 'not_submitted',
    },
    intended_submission_method: null,
    is_charge_refundable: isInquiry,
    livemode: false,
    metadata: {},
    payment_intent: payment.paymentIntent,
    payment_method_details: {
      card: {
        brand: isInquiry ? 'amex' : 'visa',
        case_type: isInquiry ? 'inquiry' : 'chargeback',
        network_reason_code: null,
      },
      type: 'card',
    },
    reason,
    status: isInquiry ? 'warning_needs_response' : 'needs_response',
  };
  core.state.disputes[dispute.id] = dispute;
  payment.disputeId = dispute.id;
  core.emit('charge.dispute.created', dispute);
  if (!isInquiry) withdrawFunds(core, dispute);
  return dispute;
}

/**
 * One of the dispute's balance transactions, as Stripe embeds them: the money withdrawn with the fee, or
 * reinstated after a win.
 */
function disputeTransaction(core: SandboxCore, dispute: DisputeObject, amount: number, fee: number, what: string) {
  const created = core.seconds();
  return {
    id: newId('txn'),
    object: 'balance_transaction',
    amount,
    available_on: created,
    created,
    currency: dispute.currency,
    description: `Chargeback ${what} for ${dispute.charge}`,
    fee,
    fee_details:
      fee === 0
        ? []
        : [
            {
              amount: fee,
              application: null,
              currency: dispute.currency,
              description: 'Dispute fee',
              type: 'stripe_fee',
            },
          ],
    net: amount - fee,
    reporting_category: 'dispute',
    source: dispute.id,
    status: 'available',
    type: 'adjustment',
  };
}

/**
 * The disputed amount and the fee leave the platform's balance (which may go below zero, as Stripe's does):
 * a balance transaction on the dispute, then `charge.dispute.funds_withdrawn`. `charge.dispute.created`
 * was sent before it, without it. A refund of the payment still pending for want of funds fails (Stripe:
 * "the refund will fail and a dispute will be created").
 */
function withdrawFunds(core: SandboxCore, dispute: DisputeObject): void {
  const payment = core.state.payments[dispute.payment_intent];
  for (const refund of payment?.refunds ?? []) {
    if (refund.status === 'pending') failRefund(core, refund, 'charge_for_pending_refund_disputed');
  }
  (dispute.balance_transactions as unknown[]).push(
    disputeTransaction(core, dispute, -dispute.amount, DISPUTE_FEE, 'withdrawal'),
  );
  core.state.balance.available -= dispute.amount + DISPUTE_FEE;
  core.emit('charge.dispute.funds_withdrawn', dispute);
}

/** A won chargeback's amount comes back, its fee does not: `charge.dispute.funds_reinstated`. */
function reinstateFunds(core: SandboxCore, dispute: DisputeObject): void {
  (dispute.balance_transactions as unknown[]).push(disputeTransaction(core, dispute, dispute.amount, 0, 'reversal'));
  core.state.balance.available += dispute.amount;
  core.emit('charge.dispute.funds_reinstated', dispute);
  releasePendingRefunds(core);
}

/** An inquiry becomes a chargeback: the money is withdrawn; queues `charge.dispute.updated` and `charge.dispute.funds_withdrawn`. */
export function escalateInquiry(core: SandboxCore, dispute: DisputeObject): DisputeObject {
  dispute.status = 'needs_response';
  dispute.is_charge_refundable = false;
  dispute.payment_method_details = {
    card: { brand: 'amex', case_type: 'chargeback', network_reason_code: null },
    type: 'card',
  };
  core.emit('charge.dispute.updated', dispute);
  withdrawFunds(core, dispute);
  return dispute;
}

/** Closes a dispute as won or lost, an inquiry as `warning_closed`; queues `charge.dispute.closed`. */
export function closeDispute(core: SandboxCore, dispute: DisputeObject, status: 'won' | 'lost'): DisputeObject {
  const isInquiry = dispute.status.startsWith('warning_');
  dispute.status = isInquiry ? 'warning_closed' : status;
  dispute.evidence_details = { ...(dispute.evidence_details as object), has_evidence: status === 'won' };
  if (!isInquiry && status === 'won') reinstateFunds(core, dispute);
  core.emit('charge.dispute.closed', dispute);
  return dispute;
}

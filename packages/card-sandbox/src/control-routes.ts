import type { Hono } from 'hono';
import { apiEndpoint } from './api-handler';
import { closeDispute, DISPUTE_REASONS, escalateInquiry, openDispute } from './disputes';
import type { ParamReader } from './form-params';
import { createEarlyFraudWarning, createRefund, failRefund, findRefund, REFUND_FAILURE_REASONS } from './refunds';
import { NO_REQUEST } from './request-ref';
import type { SandboxCore } from './sandbox-core';
import type { PaymentRecord } from './sandbox-state';
import { noSuchObject, StripeApiError } from './stripe-error';
import { armTransferFault, faultView, MAX_REPLAYS_TO_DROP } from './transfer-faults';
import { reverseTransfer } from './transfers';

const JSON_BODY = { body: 'json' } as const;

function refused(message: string, param?: string): StripeApiError {
  return new StripeApiError(400, { type: 'invalid_request_error', message, ...(param ? { param } : {}) });
}

/**
 * The payment a dispute is opened on: named by its `payment_intent`, or by the paid `checkout_session`
 * (a top-up), exactly one of the two.
 */
function paymentToDispute(core: SandboxCore, params: ParamReader): PaymentRecord {
  const paymentIntent = params.string('payment_intent');
  const sessionId = params.string('checkout_session');
  if (paymentIntent && sessionId) {
    throw refused(
      'You may only specify one of these parameters: payment_intent, checkout_session.',
      'checkout_session',
    );
  }
  if (sessionId) {
    const record = core.state.sessions[sessionId];
    if (!record) throw noSuchObject('checkout.session', sessionId, 'checkout_session');
    const { session } = record;
    const payment = typeof session.payment_intent === 'string' ? core.state.payments[session.payment_intent] : null;
    if (session.payment_status !== 'paid' || !payment) {
      throw refused(
        `Checkout Session ${sessionId} is not paid (status: ${session.status}, payment_status: ${session.payment_status}), so it has no charge to dispute.`,
        'checkout_session',
      );
    }
    return payment;
  }
  if (!paymentIntent) {
    throw new StripeApiError(400, {
      type: 'invalid_request_error',
      code: 'parameter_missing',
      message: 'Missing required param: payment_intent (or checkout_session).',
      param: 'payment_intent',
    });
  }
  const payment = core.state.payments[paymentIntent];
  if (!payment) throw noSuchObject('payment_intent', paymentIntent, 'payment_intent');
  return payment;
}

/** The optional `account` a transfer fault is limited to; null: transfers to any account. */
function faultAccount(core: SandboxCore, params: ParamReader): string | null {
  const account = params.string('account');
  if (account === undefined) return null;
  if (!core.state.accounts[account]) throw noSuchObject('account', account, 'account');
  return account;
}

/**
 * Test controls, for tests and manual checks: what a card holder, a bank or Stripe would do on its
 * own. JSON bodies, the same secret key as the API, errors in Stripe's shape.
 */
export function registerControlRoutes(app: Hono, core: SandboxCore): void {
  app.post(
    '/sandbox/control/disputes',
    apiEndpoint(
      core,
      ({ params }) => {
        const payment = paymentToDispute(core, params);
        const reason = params.oneOf('reason', DISPUTE_REASONS) ?? 'fraudulent';
        const isInquiry = params.boolean('inquiry') ?? false;
        if (payment.disputeId) {
          const param = params.has('checkout_session') ? 'checkout_session' : 'payment_intent';
          throw refused(`Charge ${payment.charge} has already been disputed (${payment.disputeId}).`, param);
        }
        return () => openDispute(core, payment, reason, { isInquiry });
      },
      JSON_BODY,
    ),
  );

  // A refund made in the Dashboard (or by Radar): full, or `amount` cents of it.
  app.post(
    '/sandbox/control/refunds',
    apiEndpoint(
      core,
      ({ params }) => {
        const payment = paymentToDispute(core, params);
        const amount = params.integer('amount', { min: 1, max: 99_999_999 });
        return () => createRefund(core, payment, { amount, reason: 'requested_by_customer' });
      },
      JSON_BODY,
    ),
  );

  // The card's bank sends a refund back (a closed or lost card): it fails, its money is ours again.
  app.post(
    '/sandbox/control/refunds/:id/fail',
    apiEndpoint(
      core,
      ({ params, path }) => {
        const refund = findRefund(core, path('id'));
        if (!refund) throw noSuchObject('refund', path('id'));
        // Only a refund that went out can come back.
        if (refund.status !== 'succeeded') throw refused(`This refund has already failed (${path('id')}).`);
        const reason = params.oneOf('failure_reason', REFUND_FAILURE_REASONS) ?? 'expired_or_canceled_card';
        return () => failRefund(core, refund, reason);
      },
      JSON_BODY,
    ),
  );

  // The card's issuer reports fraud on the payment (radar.early_fraud_warning.created).
  app.post(
    '/sandbox/control/early_fraud_warnings',
    apiEndpoint(
      core,
      ({ params }) => {
        const payment = paymentToDispute(core, params);
        const namesOnlyCharge = params.boolean('names_only_charge') ?? false;
        return () => createEarlyFraudWarning(core, payment, { namesOnlyCharge });
      },
      JSON_BODY,
    ),
  );

  app.post(
    '/sandbox/control/disputes/:id/close',
    apiEndpoint(
      core,
      ({ params, path }) => {
        const status = params.oneOf('status', ['won', 'lost'], { required: true });
        const dispute = core.state.disputes[path('id')];
        if (!dispute) throw noSuchObject('dispute', path('id'));
        if (['won', 'lost', 'warning_closed'].includes(dispute.status)) {
          throw refused(`This dispute is already closed (${dispute.status}).`);
        }
        return () => closeDispute(core, dispute, status);
      },
      JSON_BODY,
    ),
  );

  // The card's issuer turns an inquiry into a chargeback.
  app.post(
    '/sandbox/control/disputes/:id/escalate',
    apiEndpoint(
      core,
      ({ path }) => {
        const dispute = core.state.disputes[path('id')];
        if (!dispute) throw noSuchObject('dispute', path('id'));
        if (dispute.status !== 'warning_needs_response' && dispute.status !== 'warning_under_review') {
          throw refused(`This dispute is not an open inquiry (${dispute.status}).`);
        }
        return () => escalateInquiry(core, dispute);
      },
      JSON_BODY,
    ),
  );

  app.post(
    '/sandbox/control/accounts/:id/transfers',
    apiEndpoint(
      core,
      ({ params, path }) => {
        const fail = params.boolean('fail');
        if (fail === undefined) throw refused('Missing required param: fail (true or false).', 'fail');
        const record = core.state.accounts[path('id')];
        if (!record) throw noSuchObject('account', path('id'));
        return () => {
          record.isFailingTransfers = fail;
          return { object: 'sandbox.transfer_setting', account: record.account.id, fail };
        };
      },
      JSON_BODY,
    ),
  );

  app.post(
    '/sandbox/control/transfers/fail-next',
    apiEndpoint(
      core,
      ({ params }) => {
        const account = faultAccount(core, params);
        return () => faultView(core, armTransferFault(core, { kind: 'fail', account, replaysToDrop: 0 }));
      },
      JSON_BODY,
    ),
  );

  app.post(
    '/sandbox/control/transfers/drop-next',
    apiEndpoint(
      core,
      ({ params }) => {
        const account = faultAccount(core, params);
        const replaysToDrop = params.integer('replays_to_drop', { min: 0, max: MAX_REPLAYS_TO_DROP }) ?? 0;
        return () => faultView(core, armTransferFault(core, { kind: 'drop', account, replaysToDrop }));
      },
      JSON_BODY,
    ),
  );

  app.post(
    '/sandbox/control/transfers/:id/reverse',
    apiEndpoint(
      core,
      ({ path }) => {
        const transfer = core.state.transfers[path('id')];
        if (!transfer) throw noSuchObject('transfer', path('id'));
        // What the bank returning the payout leads to: all that remains of the transfer comes back.
        return () => {
          reverseTransfer(core, transfer, { amount: null, metadata: {} }, NO_REQUEST);
          return transfer;
        };
      },
      JSON_BODY,
    ),
  );

  // How many webhook deliveries are still to be made (a failed one waiting for its retry counts): tests wait
  // for none, rather than for a while, before they check that a webhook changed nothing.
  app.get(
    '/sandbox/control/webhooks/pending',
    apiEndpoint(core, () => () => ({ object: 'sandbox.pending_webhooks', count: core.state.deliveries.length })),
  );

  app.post(
    '/sandbox/control/webhooks/redeliver',
    apiEndpoint(
      core,
      ({ params }) => {
        const eventId = params.string('event_id', { required: true });
        const event = core.state.events.find((e) => e.id === eventId);
        if (!event) throw noSuchObject('event', eventId, 'event_id');
        return () => {
          core.redeliver(event);
          return { object: 'sandbox.redelivery', event: event.id, queued: true };
        };
      },
      JSON_BODY,
    ),
  );
}

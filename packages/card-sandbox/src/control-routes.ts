import type { Hono } from 'hono';
import { apiEndpoint } from './api-handler';
import { closeDispute, DISPUTE_REASONS, openDispute } from './disputes';
import type { SandboxCore } from './sandbox-core';
import { noSuchObject, StripeApiError } from './stripe-error';

const JSON_BODY = { body: 'json' } as const;

function refused(message: string, param?: string): StripeApiError {
  return new StripeApiError(400, { type: 'invalid_request_error', message, ...(param ? { param } : {}) });
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
        const paymentIntent = params.string('payment_intent', { required: true });
        const reason = params.oneOf('reason', DISPUTE_REASONS) ?? 'fraudulent';
        const payment = core.state.payments[paymentIntent];
        if (!payment) throw noSuchObject('payment_intent', paymentIntent, 'payment_intent');
        if (payment.disputeId) {
          throw refused(`Charge ${payment.charge} has already been disputed (${payment.disputeId}).`, 'payment_intent');
        }
        return () => openDispute(core, payment, reason);
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
        if (dispute.status === 'won' || dispute.status === 'lost') {
          throw refused(`This dispute is already closed (${dispute.status}).`);
        }
        return () => closeDispute(core, dispute, status);
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

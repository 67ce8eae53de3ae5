import type { Hono } from 'hono';
import { apiEndpoint } from './api-handler';
import { chargeOf, createRefund } from './refunds';
import type { SandboxCore } from './sandbox-core';
import type { PaymentRecord } from './sandbox-state';
import { noSuchObject, StripeApiError } from './stripe-error';

const REFUND_REASONS = ['duplicate', 'fraudulent', 'requested_by_customer'] as const;

/** The payment a refund names, by `payment_intent` or by `charge` (Stripe takes either). */
function paymentToRefund(core: SandboxCore, paymentIntent?: string, charge?: string): PaymentRecord {
  if (paymentIntent) {
    const payment = core.state.payments[paymentIntent];
    if (!payment) throw noSuchObject('payment_intent', paymentIntent, 'payment_intent');
    return payment;
  }
  if (charge) {
    const payment = Object.values(core.state.payments).find((p) => p.charge === charge);
    if (!payment) throw noSuchObject('charge', charge, 'charge');
    return payment;
  }
  throw new StripeApiError(400, {
    type: 'invalid_request_error',
    code: 'parameter_missing',
    message: 'One of the following params should be provided for this request: payment_intent or charge.',
  });
}

/** POST /v1/refunds, as Stripe's Refunds API: full or partial, idempotent by its Idempotency-Key; and GET /v1/charges/:id. */
export function registerRefundsApi(app: Hono, core: SandboxCore): void {
  app.get(
    '/v1/charges/:id',
    apiEndpoint(core, ({ path }) => {
      const payment = Object.values(core.state.payments).find((p) => p.charge === path('id'));
      if (!payment) throw noSuchObject('charge', path('id'));
      return () => chargeOf(payment);
    }),
  );

  app.post(
    '/v1/refunds',
    apiEndpoint(core, ({ params }) => {
      const paymentIntent = params.string('payment_intent');
      const charge = params.string('charge');
      const amount = params.integer('amount', { min: 1, max: 99_999_999 });
      const reason = params.oneOf('reason', REFUND_REASONS);
      const metadata = params.metadata() ?? {};
      return () => createRefund(core, paymentToRefund(core, paymentIntent, charge), { amount, reason, metadata });
    }),
  );
}

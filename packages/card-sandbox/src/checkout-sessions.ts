import { newId } from './ids';
import { addCardFunds } from './platform-balance';
import type { SandboxCore } from './sandbox-core';
import type { CheckoutSessionRecord, PaymentRecord, StripeObject } from './sandbox-state';

/** A session lasts 24 hours unless `expires_at` says otherwise (between 30 minutes and 24 hours). */
export const DEFAULT_SESSION_LIFETIME_SECONDS = 24 * 60 * 60;

export type NewLineItem = {
  name: string;
  description: string | null;
  currency: string;
  unitAmount: number;
  quantity: number;
};

export type NewSession = {
  lineItems: NewLineItem[];
  successUrl: string | null;
  cancelUrl: string | null;
  clientReferenceId: string | null;
  metadata: Record<string, string>;
  customerEmail: string | null;
  expiresAt: number | null;
};

/** A Checkout Session in `payment` mode, open and unpaid, with its line items as Stripe stores them. */
export function createSession(core: SandboxCore, input: NewSession): CheckoutSessionRecord {
  const id = newId('cs_test', 58);
  const created = core.seconds();
  const currency = input.lineItems[0]?.currency ?? 'usd';
  const lineItems = input.lineItems.map((item) => {
    const total = item.unitAmount * item.quantity;
    return {
      id: newId('li'),
      object: 'item',
      amount_discount: 0,
      amount_subtotal: total,
      amount_tax: 0,
      amount_total: total,
      currency: item.currency,
      description: item.name,
      price: {
        id: newId('price'),
        object: 'price',
        active: false,
        billing_scheme: 'per_unit',
        created,
        currency: item.currency,
        custom_unit_amount: null,
        livemode: false,
        lookup_key: null,
        metadata: {},
        nickname: null,
        product: newId('prod', 14),
        recurring: null,
        tax_behavior: 'unspecified',
        tiers_mode: null,
        transform_quantity: null,
        type: 'one_time',
        unit_amount: item.unitAmount,
        unit_amount_decimal: String(item.unitAmount),
      },
      quantity: item.quantity,
    };
  });
  const amount = lineItems.reduce((sum, item) => sum + item.amount_total, 0);
  const record: CheckoutSessionRecord = {
    session: {
      id,
      object: 'checkout.session',
      after_expiration: null,
      allow_promotion_codes: null,
      amount_subtotal: amount,
      amount_total: amount,
      automatic_tax: { enabled: false, liability: null, provider: null, status: null },
      billing_address_collection: null,
      cancel_url: input.cancelUrl,
      client_reference_id: input.clientReferenceId,
      client_secret: null,
      consent: null,
      consent_collection: null,
      created,
      currency,
      custom_fields: [],
      custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
      customer: null,
      customer_creation: 'if_required',
      customer_details: null,
      customer_email: input.customerEmail,
      expires_at: input.expiresAt ?? created + DEFAULT_SESSION_LIFETIME_SECONDS,
      invoice: null,
      invoice_creation: null,
      livemode: false,
      locale: null,
      metadata: input.metadata,
      mode: 'payment',
      payment_intent: null,
      payment_link: null,
      payment_method_collection: 'if_required',
      payment_method_types: ['card'],
      payment_status: 'unpaid',
      phone_number_collection: { enabled: false },
      recovered_from: null,
      setup_intent: null,
      shipping_address_collection: null,
      shipping_cost: null,
      shipping_options: [],
      status: 'open',
      submit_type: null,
      subscription: null,
      success_url: input.successUrl,
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
      ui_mode: 'hosted',
      url: core.publicUrl(`/sandbox/checkout/${id}`),
    },
    lineItems,
    productDescriptions: input.lineItems.map((item) => item.description),
  };
  core.state.sessions[id] = record;
  return record;
}

/** The line items as a Stripe list object. */
export function lineItemList(record: CheckoutSessionRecord) {
  return {
    object: 'list',
    data: record.lineItems,
    has_more: false,
    url: `/v1/checkout/sessions/${record.session.id}/line_items`,
  };
}

/** The session as the API returns it, with `line_items` when asked for by `expand[]=line_items`. */
export function sessionView(record: CheckoutSessionRecord, expand: string[]): StripeObject {
  return expand.includes('line_items') ? { ...record.session, line_items: lineItemList(record) } : record.session;
}

/**
 * Pays an open session with the test card: the session becomes complete and paid with a new
 * PaymentIntent, the payment (with its charge) is recorded for disputes, and
 * `checkout.session.completed` is queued. Call `commit()` after.
 */
export function paySession(
  core: SandboxCore,
  record: CheckoutSessionRecord,
  cardholder: { name: string | null },
): PaymentRecord {
  const { session } = record;
  const payment: PaymentRecord = {
    paymentIntent: newId('pi'),
    charge: newId('ch'),
    amount: session.amount_total,
    currency: session.currency,
    sessionId: session.id,
    created: core.seconds(),
    disputeId: null,
  };
  core.state.payments[payment.paymentIntent] = payment;
  session.status = 'complete';
  session.payment_status = 'paid';
  session.payment_intent = payment.paymentIntent;
  session.url = null;
  session.customer_details = {
    address: null,
    email: (session.customer_email as string | null) ?? null,
    name: cardholder.name,
    phone: null,
    tax_exempt: 'none',
    tax_ids: [],
  };
  core.emit('checkout.session.completed', session);
  addCardFunds(core, payment.amount, payment.paymentIntent);
  return payment;
}

/** Where the browser goes after paying: `success_url` with `{CHECKOUT_SESSION_ID}` filled in. */
export function successRedirect(record: CheckoutSessionRecord): string | null {
  return record.session.success_url?.replaceAll('{CHECKOUT_SESSION_ID}', record.session.id) ?? null;
}

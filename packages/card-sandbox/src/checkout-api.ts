import type { Hono } from 'hono';
import { apiEndpoint } from './api-handler';
import { createSession, lineItemList, type NewLineItem, sessionView } from './checkout-sessions';
import type { ParamReader } from './form-params';
import type { SandboxCore } from './sandbox-core';
import type { CheckoutSessionRecord } from './sandbox-state';
import { invalidParam, noSuchObject, StripeApiError } from './stripe-error';

const MIN_EXPIRY_SECONDS = 30 * 60;
const MAX_EXPIRY_SECONDS = 24 * 60 * 60;
/** Stripe's largest amount for a charge in USD: $999,999.99. */
const MAX_AMOUNT = 99_999_999;

/** The `expand[]` values an endpoint accepts; Stripe refuses the others. */
function readExpand(params: ParamReader, allowed: string[]): string[] {
  const expand = params.stringList('expand');
  for (const [index, field] of expand.entries()) {
    if (!allowed.includes(field)) {
      throw invalidParam(`expand[${index}]`, `This property cannot be expanded (${field}).`);
    }
  }
  return expand;
}

function readUrl(params: ParamReader, key: string): string | null {
  const value = params.string(key, { maxLength: 5000 });
  if (value === undefined) return null;
  // `{CHECKOUT_SESSION_ID}` is a placeholder, not part of the address.
  if (!URL.canParse(value.replaceAll('{CHECKOUT_SESSION_ID}', 'cs'))) {
    throw invalidParam(params.name(key), 'Not a valid URL');
  }
  return value;
}

function readLineItem(item: ParamReader): NewLineItem {
  if (item.has('price')) {
    throw invalidParam(
      item.name('price'),
      'The card sandbox takes line items with price_data only, not saved prices (price).',
    );
  }
  const priceData = item.object('price_data', { required: true });
  const currency = priceData.currency('currency', { required: true });
  const unitAmount = priceData.integer('unit_amount', { required: true, min: 0, max: MAX_AMOUNT });
  const product = priceData.object('product_data', { required: true });
  const name = product.string('name', { required: true, maxLength: 5000 });
  const description = product.string('description', { maxLength: 40000 }) ?? null;
  const quantity = item.integer('quantity', { required: true, min: 1, max: 999_999 });
  return { name, description, currency, unitAmount, quantity };
}

function findSession(core: SandboxCore, id: string): CheckoutSessionRecord {
  const record = core.state.sessions[id];
  if (!record) throw noSuchObject('checkout.session', id);
  return record;
}

/** Checkout Sessions: create, retrieve, list line items and expire, with Stripe's parameters and answers. */
export function registerCheckoutApi(app: Hono, core: SandboxCore): void {
  app.post(
    '/v1/checkout/sessions',
    apiEndpoint(core, ({ params }) => {
      const mode = params.oneOf('mode', ['payment', 'setup', 'subscription'], { required: true });
      if (mode !== 'payment') throw invalidParam('mode', 'The card sandbox supports mode=payment only.');
      const lineItems = params.objectList('line_items', { required: true }).map(readLineItem);
      const currencies = new Set(lineItems.map((item) => item.currency));
      if (currencies.size > 1) throw invalidParam('line_items', 'Checkout does not support multiple currencies.');
      const total = lineItems.reduce((sum, item) => sum + item.unitAmount * item.quantity, 0);
      if (total > MAX_AMOUNT) throw invalidParam('line_items', 'The total amount due must be no more than 999999.99.');
      if (currencies.has('usd') && total < 50) {
        throw invalidParam('line_items', "The Checkout Session's total amount due must add up to at least $0.50 usd");
      }
      for (const [index, type] of params.stringList('payment_method_types').entries()) {
        if (type !== 'card') {
          throw invalidParam(`payment_method_types[${index}]`, 'The card sandbox takes cards only (card).');
        }
      }
      const successUrl = readUrl(params, 'success_url');
      const cancelUrl = readUrl(params, 'cancel_url');
      const clientReferenceId = params.string('client_reference_id', { maxLength: 200 }) ?? null;
      const metadata = params.metadata() ?? {};
      const customerEmail = params.string('customer_email', { maxLength: 800 }) ?? null;
      if (customerEmail !== null && !/^[^\s@]+@[^\s@]+$/.test(customerEmail)) {
        throw invalidParam('customer_email', `Invalid email address: ${customerEmail}`);
      }
      const expiresAt = params.integer('expires_at') ?? null;
      const now = core.seconds();
      if (expiresAt !== null && expiresAt < now + MIN_EXPIRY_SECONDS) {
        throw invalidParam(
          'expires_at',
          'The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.',
        );
      }
      if (expiresAt !== null && expiresAt > now + MAX_EXPIRY_SECONDS) {
        throw invalidParam(
          'expires_at',
          'The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.',
        );
      }
      const expand = readExpand(params, ['line_items']);
      return () => {
        const record = createSession(core, {
          lineItems,
          successUrl,
          cancelUrl,
          clientReferenceId,
          metadata,
          customerEmail,
          expiresAt,
        });
        return sessionView(record, expand);
      };
    }),
  );

  app.get(
    '/v1/checkout/sessions/:id',
    apiEndpoint(core, ({ params, path }) => {
      const expand = readExpand(params, ['line_items']);
      const record = findSession(core, path('id'));
      return () => sessionView(record, expand);
    }),
  );

  app.get(
    '/v1/checkout/sessions/:id/line_items',
    apiEndpoint(core, ({ params, path }) => {
      // Every session has few items: one page holds them all, whatever the paging parameters.
      params.integer('limit', { min: 1, max: 100 });
      params.string('starting_after');
      params.string('ending_before');
      const record = findSession(core, path('id'));
      return () => lineItemList(record);
    }),
  );

  app.post(
    '/v1/checkout/sessions/:id/expire',
    apiEndpoint(core, ({ params, path, request }) => {
      const expand = readExpand(params, ['line_items']);
      const record = findSession(core, path('id'));
      return () => {
        if (record.session.status !== 'open') {
          throw new StripeApiError(
            400,
            {
              type: 'invalid_request_error',
              message: `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${record.session.status}".`,
            },
            { isExecuted: true },
          );
        }
        core.expireSession(record, request);
        return sessionView(record, expand);
      };
    }),
  );
}

import type { Context, Hono } from 'hono';
import { paySession, successRedirect } from './checkout-sessions';
import { completeOnboarding } from './connect-accounts';
import {
  type CardFields,
  checkoutPage,
  noticePage,
  onboardingPage,
  STYLESHEET,
  STYLESHEET_PATH,
  TEST_CARD,
} from './hosted-html';
import type { SandboxCore } from './sandbox-core';
import type { CheckoutSessionRecord } from './sandbox-state';
import { checkTestCard } from './test-cards';

type HtmlStatus = 200 | 400 | 402 | 404 | 409 | 410;

function page(c: Context, html: string, status: HtmlStatus = 200) {
  c.header('Cache-Control', 'no-store');
  return c.html(html, status);
}

/** The page for a session that can no longer be paid, or null while it is open. */
function closedSessionPage(c: Context, record: CheckoutSessionRecord, isPayAttempt: boolean) {
  if (record.session.status === 'complete') {
    const next = successRedirect(record);
    return page(
      c,
      noticePage(
        'Already paid',
        'This checkout session is already paid. Paying again is not possible, and nothing more was charged.',
        next ? { href: next, label: 'Continue' } : undefined,
      ),
      isPayAttempt ? 409 : 200,
    );
  }
  if (record.session.status === 'expired') {
    const back = record.session.cancel_url;
    return page(
      c,
      noticePage(
        'Checkout expired',
        'This checkout session has expired and can no longer be paid. Start a new one from Sweetwish.',
        back ? { href: back, label: 'Back to Sweetwish' } : undefined,
      ),
      410,
    );
  }
  return null;
}

const missingSessionPage = (c: Context) =>
  page(c, noticePage('Checkout not found', 'There is no checkout session at this address.'), 404);

/** Pays an open session when the card is the succeeding test card; otherwise the page says why not. */
function payWithTestCard(
  core: SandboxCore,
  c: Context,
  record: CheckoutSessionRecord | undefined,
  form: URLSearchParams,
) {
  if (!record) return { response: missingSessionPage(c), hasPaid: false };
  const closed = closedSessionPage(c, record, true);
  if (closed) return { response: closed, hasPaid: false };
  const fields: CardFields = {
    cardNumber: form.get('cardNumber') ?? '',
    expiry: form.get('expiry') ?? '',
    cvc: form.get('cvc') ?? '',
    name: form.get('name') ?? '',
  };
  if (form.get('action') === 'decline') fields.cardNumber = '4000 0000 0000 0002';
  const outcome = checkTestCard(fields, core.options.now());
  if (!outcome.isApproved) {
    return { response: page(c, checkoutPage(record, fields, outcome.message), outcome.status), hasPaid: false };
  }
  paySession(core, record, { name: fields.name.trim() || null });
  const next = successRedirect(record);
  const response = next
    ? c.redirect(next, 303)
    : page(c, noticePage('Payment complete', 'The test payment succeeded. No money moved.'));
  return { response, hasPaid: true };
}

/** The browser side: the hosted checkout page, the onboarding page and their stylesheet. */
export function registerHostedPages(app: Hono, core: SandboxCore): void {
  app.get(STYLESHEET_PATH, (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    return c.body(STYLESHEET, 200, { 'Content-Type': 'text/css; charset=utf-8' });
  });

  app.get('/sandbox', (c) =>
    page(
      c,
      noticePage(
        'Card sandbox',
        'Sweetwish runs without a card provider here: this local sandbox answers its card and payout calls, shows the checkout and onboarding pages, and sends signed webhooks. No card is charged and no money moves.',
      ),
    ),
  );

  app.get('/sandbox/checkout/:id', async (c) => {
    if (core.expireDueSessions()) await core.commit();
    const record = core.state.sessions[c.req.param('id')];
    if (!record) return missingSessionPage(c);
    return closedSessionPage(c, record, false) ?? page(c, checkoutPage(record, TEST_CARD, null));
  });

  app.post('/sandbox/checkout/:id/pay', async (c) => {
    const form = new URLSearchParams(await c.req.text());
    // From here to paySession nothing waits, so two submissions cannot both pay.
    const hasExpired = core.expireDueSessions();
    const record = core.state.sessions[c.req.param('id')];
    const { response, hasPaid } = payWithTestCard(core, c, record, form);
    // Saved before the answer; the webhook goes out afterwards, without the browser waiting for it.
    if (hasExpired || hasPaid) await core.commit();
    return response;
  });

  app.get('/sandbox/onboarding/:linkId', (c) => {
    const link = core.state.accountLinks[c.req.param('linkId')];
    const account = link && core.state.accounts[link.account];
    if (!link || !account) {
      return page(c, noticePage('Link not found', 'There is no onboarding link at this address.'), 404);
    }
    // Like Stripe's, a link works once and for a few minutes; after that it sends the user to refresh_url.
    if (link.isUsed || link.expiresAt <= core.seconds()) return c.redirect(link.refreshUrl, 303);
    return page(c, onboardingPage(link.id, account));
  });

  app.post('/sandbox/onboarding/:linkId', async (c) => {
    const form = new URLSearchParams(await c.req.text());
    const link = core.state.accountLinks[c.req.param('linkId')];
    const account = link && core.state.accounts[link.account];
    if (!link || !account) {
      return page(c, noticePage('Link not found', 'There is no onboarding link at this address.'), 404);
    }
    if (link.isUsed || link.expiresAt <= core.seconds()) return c.redirect(link.refreshUrl, 303);
    link.isUsed = true;
    if (form.get('action') === 'complete' && !account.account.details_submitted) completeOnboarding(core, account);
    await core.commit();
    return c.redirect(link.returnUrl, 303);
  });
}

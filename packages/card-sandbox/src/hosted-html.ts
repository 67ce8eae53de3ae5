import { formatAmount } from './money';
import type { AccountRecord, CheckoutSessionRecord } from './sandbox-state';

/** The stylesheet's path; pages link it, so they need no inline style or script. */
export const STYLESHEET_PATH = '/sandbox/assets/sandbox.css';

export const TEST_MODE_NOTICE = 'Test mode: this is the Sweetwish card sandbox. No money moves.';

/** Dark, readable, one column that fits a phone: the app's colours (pink on near-black). */
export const STYLESHEET = `
:root { color-scheme: dark; --bg: #121212; --paper: #1c1a1d; --line: #3a343c; --text: #f4eef2;
  --muted: #b9adb5; --pink: #f06292; --on-pink: #1a0b12; --error: #ff8a80; --warn-bg: #4a3b00; --warn: #ffe082; }
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--text); line-height: 1.5;
  font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
.banner { background: var(--warn-bg); color: var(--warn); padding: 12px 16px; text-align: center; font-weight: 600; }
main { max-width: 480px; margin: 24px auto; padding: 24px 20px; background: var(--paper);
  border: 1px solid var(--line); border-radius: 12px; }
@media (max-width: 520px) { main { margin: 0; border-radius: 0; border-left: 0; border-right: 0; } }
h1 { font-size: 1.5rem; margin: 0 0 4px; }
h2 { font-size: 1.1rem; margin: 24px 0 8px; }
p { margin: 8px 0; }
.muted { color: var(--muted); font-size: 0.9rem; }
.items { list-style: none; margin: 16px 0 0; padding: 0; }
.items li { padding: 12px 0; border-bottom: 1px solid var(--line); }
.line { display: flex; justify-content: space-between; gap: 12px; }
.total { display: flex; justify-content: space-between; font-size: 1.2rem; font-weight: 700; margin: 16px 0 8px; }
label { display: block; margin: 16px 0 6px; font-weight: 600; }
input { width: 100%; padding: 12px; font: inherit; color: var(--text); background: var(--bg);
  border: 1px solid var(--line); border-radius: 8px; }
input:focus, button:focus-visible, a:focus-visible { outline: 3px solid var(--pink); outline-offset: 2px; }
.row { display: flex; gap: 12px; }
.row > div { flex: 1; }
button, .button { display: block; width: 100%; margin-top: 16px; padding: 14px; font: inherit; font-weight: 700;
  border-radius: 8px; border: 1px solid var(--pink); cursor: pointer; text-align: center; text-decoration: none; }
.primary { background: var(--pink); color: var(--on-pink); }
.secondary { background: transparent; color: var(--pink); }
a { color: var(--pink); }
.cancel { display: inline-block; margin-top: 20px; }
.error { color: var(--error); font-weight: 600; border: 1px solid var(--error); border-radius: 8px; padding: 10px 12px; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; margin: 16px 0; }
dt { color: var(--muted); }
dd { margin: 0; overflow-wrap: anywhere; }
code { overflow-wrap: anywhere; }
footer { max-width: 480px; margin: 16px auto 32px; padding: 0 20px; color: var(--muted); font-size: 0.85rem; text-align: center; }
`;

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Every page: the test-mode banner on top and the reminder at the foot. */
function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Sweetwish card sandbox (test mode)</title>
<link rel="stylesheet" href="${STYLESHEET_PATH}">
</head>
<body>
<div class="banner" role="note"><strong>Test mode:</strong> this is the Sweetwish card sandbox. No money moves.</div>
<main>
${body}
</main>
<footer>Sweetwish card sandbox: a local stand-in for the card provider. No card is charged and no money moves.</footer>
</body>
</html>
`;
}

export type CardFields = { cardNumber: string; expiry: string; cvc: string; name: string };

export const TEST_CARD: CardFields = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: '' };

/** The hosted checkout page of an open session: what is bought, the total, and the test card. */
export function checkoutPage(record: CheckoutSessionRecord, fields: CardFields, error: string | null): string {
  const { session } = record;
  const items = record.lineItems
    .map((item, index) => {
      const unit = (item.price as { unit_amount: number }).unit_amount;
      const description = record.productDescriptions[index];
      return `<li>
<div class="line"><span>${escapeHtml(item.description)}</span><span>${formatAmount(item.amount_total, session.currency)}</span></div>
${description ? `<p class="muted">${escapeHtml(description)}</p>` : ''}
<p class="muted">Qty ${item.quantity} × ${formatAmount(unit, session.currency)}</p>
</li>`;
    })
    .join('\n');
  const cancel = session.cancel_url ? `<a class="cancel" href="${escapeHtml(session.cancel_url)}">Cancel</a>` : '';
  const value = (text: string) => `value="${escapeHtml(text)}"`;
  return layout(
    'Checkout',
    `<h1>Pay Sweetwish</h1>
<p class="muted">Checkout session <code>${escapeHtml(session.id)}</code></p>
<h2 id="summary">Order summary</h2>
<ul class="items" aria-labelledby="summary">
${items}
</ul>
<p class="total"><span>Total</span><span>${formatAmount(session.amount_total, session.currency)}</span></p>
<h2>Card</h2>
<p class="muted">Test card 4242 4242 4242 4242 always succeeds; 4000 0000 0000 0002 is always declined. Any expiry in the future and any CVC work.</p>
<form method="post" action="/sandbox/checkout/${encodeURIComponent(session.id)}/pay">
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<label for="cardNumber">Card number</label>
<input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" ${value(fields.cardNumber)} required>
<div class="row">
<div><label for="expiry">Expiry (MM/YY)</label>
<input id="expiry" name="expiry" inputmode="numeric" autocomplete="cc-exp" ${value(fields.expiry)} required></div>
<div><label for="cvc">CVC</label>
<input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" ${value(fields.cvc)} required></div>
</div>
<label for="name">Name on card</label>
<input id="name" name="name" autocomplete="cc-name" ${value(fields.name)}>
<button type="submit" class="primary" name="action" value="pay">Pay</button>
<button type="submit" class="secondary" name="action" value="decline">Pay with a declined card</button>
</form>
${cancel}`,
  );
}

/** A page that only says something, with at most one way on. */
export function noticePage(title: string, message: string, link?: { href: string; label: string }): string {
  return layout(
    title,
    `<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
${link ? `<a class="button primary" href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a>` : ''}`,
  );
}

/** The hosted onboarding page of an Express account: complete it, or leave it for later. */
export function onboardingPage(linkId: string, record: AccountRecord): string {
  const { account } = record;
  const email = typeof account.email === 'string' ? account.email : null;
  return layout(
    'Set up payouts',
    `<h1>Set up payouts</h1>
<p>Sweetwish pays creators through its card provider. In the sandbox, onboarding asks for no documents or bank details: choose how it ends.</p>
<dl>
<dt>Account</dt><dd><code>${escapeHtml(account.id)}</code></dd>
${email ? `<dt>Email</dt><dd>${escapeHtml(email)}</dd>` : ''}
<dt>Country</dt><dd>${escapeHtml(String(account.country ?? ''))}</dd>
<dt>Payouts</dt><dd>${account.payouts_enabled ? 'Enabled' : 'Not enabled yet'}</dd>
</dl>
<form method="post" action="/sandbox/onboarding/${encodeURIComponent(linkId)}">
<button type="submit" class="primary" name="action" value="complete">Complete onboarding</button>
<button type="submit" class="secondary" name="action" value="later">Leave for later</button>
</form>`,
  );
}

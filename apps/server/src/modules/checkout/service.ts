import { TOKEN_QUANTITY_MAX, TOKEN_QUANTITY_MIN, topUpPrice } from '@sweetwish/shared/money';
import type { TopUpInput, TopUpSession } from '@sweetwish/shared/wallet';
import { WALLET_MESSAGES } from '@sweetwish/shared/wallet-rules';
import type Stripe from 'stripe';
import type { CardPayments } from '../../adapters/payments/card-payments';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { keyedId } from '../../http/idempotency/keyed-id';
import type { Logger } from '../../logger';
import { userExists } from '../accounts/service';
import { recordWebhookEvent } from '../card-webhooks/service';
import {
  isClosedWallet,
  type LedgerTransfer,
  PLATFORM_ACCOUNTS,
  postTransfer,
  walletAccountId,
} from '../ledger/service';
import { queueReceipt } from '../notify/queue';
import { applyBalanceAvailable } from '../payouts/connect-events';
import { applyTransferReversal } from '../payouts/service';
import { refundLateTopUp } from './deleted-accounts';
import { closeDispute, openDispute } from './disputes';
import { applyRefund, refundOnFraudWarning } from './refunds';
import { insertTopUp, lockTopUp, markTopUpExpired, markTopUpPaid } from './repo';

/**
 * createStripeTokenCheckoutSession: a card checkout for `quantity` tokens at the package's price plus
 * the service fee (architecture.md section 3). The browser goes to the returned url; tokens arrive only with
 * the verified webhook. The return names the quantity and the screen it started on (architecture.md section 11).
 */
export async function startTopUp(
  deps: { db: Database; payments: CardPayments | undefined; publicOrigin: string; logger: Logger },
  userId: string,
  input: TopUpInput,
  requestKey?: string,
): Promise<TopUpSession> {
  const { db, payments, publicOrigin, logger } = deps;
  // No card provider on this deployment (a public address without STRIPE_*): not an error of ours.
  if (!payments) throw new AppError('UNAVAILABLE', WALLET_MESSAGES.topUpUnavailable);
  const price = topUpPrice(input.quantity);
  // The return page says how many tokens were added and takes the fan back to the screen the top-up began on.
  const returnTo = `&tokens=${input.quantity}&return=${encodeURIComponent(input.location)}`;
  let session: Stripe.Checkout.Session;
  try {
    session = await payments.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: 'usd',
              unit_amount: price.priceCents,
              product_data: { name: `${input.quantity.toLocaleString('en-US')} Sweetwish tokens` },
            },
          },
          {
            quantity: 1,
            price_data: { currency: 'usd', unit_amount: price.serviceFeeCents, product_data: { name: 'Service fee' } },
          },
        ],
        success_url: `${publicOrigin}/tokens/stripe/success?session_id={CHECKOUT_SESSION_ID}${returnTo}`,
        cancel_url: `${publicOrigin}${input.location}`,
        client_reference_id: userId,
        metadata: { userId, quantity: String(input.quantity) },
      },
      // A keyed retry gets the same checkout back from the provider, not a second one to pay.
      requestKey === undefined ? undefined : { idempotencyKey: `top_up:${keyedId('top_up', userId, requestKey)}` },
    );
  } catch (err) {
    logger.error({ err }, 'the card provider refused to start a checkout');
    throw new AppError('INTERNAL', WALLET_MESSAGES.topUpFailed);
  }
  if (!session.url) throw new AppError('INTERNAL', WALLET_MESSAGES.topUpFailed);
  await insertTopUp(db, { id: session.id, userId, quantity: input.quantity, totalCents: price.totalCents });
  return { url: session.url };
}

/**
 * Applies a verified event once: the event id is recorded in the same transaction as its effect, so a
 * repeated or reordered delivery has none, and each effect's own key (the top-up's, the dispute's, the
 * withdrawal's) makes a second event about the same thing harmless too (architecture.md section 4). Payment
 * events are handled here, payout events by the payouts module.
 */
export async function handleWebhookEvent(
  db: Database,
  logger: Logger,
  event: Stripe.Event,
  payments?: CardPayments,
): Promise<void> {
  if (event.type === 'radar.early_fraud_warning.created') {
    await refundOnFraudWarning(db, logger, payments, event.data.object);
  }
  await db.transaction(async (tx) => {
    if (!(await recordWebhookEvent(tx, { id: event.id, type: event.type }))) return;
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
        return creditTopUp(tx, logger, payments, event.data.object);
      case 'checkout.session.expired':
        return markTopUpExpired(tx, event.data.object.id);
      case 'charge.dispute.created':
      case 'charge.dispute.funds_withdrawn':
        return openDispute(tx, logger, event.data.object);
      case 'charge.dispute.closed':
        return closeDispute(tx, logger, event.data.object);
      case 'balance.available':
        return applyBalanceAvailable(tx);
      case 'refund.created':
      case 'refund.updated':
      case 'refund.failed':
        return applyRefund(tx, logger, event.data.object);
      case 'transfer.reversed':
        return applyTransferReversal(tx, logger, event.data.object);
    }
  });
}

/**
 * The top-up of a paid session whose row was never written (the process stopped between creating the
 * checkout and recording it): rebuilt from the session's own metadata, which startTopUp sets, so the
 * payment is not lost. Sessions without it are not ours.
 */
async function recoverTopUp(db: Database, session: Stripe.Checkout.Session) {
  const userId = session.metadata?.userId;
  const quantity = Number(session.metadata?.quantity);
  if (!userId || !Number.isSafeInteger(quantity)) return undefined;
  if (quantity < TOKEN_QUANTITY_MIN || quantity > TOKEN_QUANTITY_MAX) return undefined;
  if (!(await userExists(db, userId))) return undefined;
  await insertTopUp(db, { id: session.id, userId, quantity, totalCents: topUpPrice(quantity).totalCents });
  return lockTopUp(db, session.id);
}

async function creditTopUp(
  db: Database,
  logger: Logger,
  payments: CardPayments | undefined,
  session: Stripe.Checkout.Session,
) {
  if (session.payment_status !== 'paid') return;
  const topUp = (await lockTopUp(db, session.id)) ?? (await recoverTopUp(db, session));
  if (!topUp) {
    logger.warn({ sessionId: session.id }, 'a paid checkout session that is not one of our top-ups');
    return;
  }
  // Paid after its account was deleted, and refunded already (deleted-accounts.ts).
  if (topUp.status === 'refunded') return;
  if (session.amount_total !== topUp.totalCents || session.currency !== 'usd') {
    logger.error(
      { sessionId: session.id, paid: session.amount_total, expected: topUp.totalCents },
      'a paid top-up whose amount is not what was asked: not credited',
    );
    return;
  }
  const tokensCents = topUp.quantity * 100;
  const paymentIntent =
    typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
  // The card pays the total; the wallet gets the tokens; the platform keeps the fee less any discount.
  const transfer = {
    kind: 'top_up',
    idempotencyKey: `top_up:${session.id}`,
    externalRef: paymentIntent ?? undefined,
    entries: [
      { accountId: PLATFORM_ACCOUNTS.card, amountCents: -topUp.totalCents },
      { accountId: walletAccountId(topUp.userId), amountCents: tokensCents },
      { accountId: PLATFORM_ACCOUNTS.revenue, amountCents: topUp.totalCents - tokensCents },
    ].filter((e) => e.amountCents !== 0),
  } satisfies LedgerTransfer;
  try {
    // A savepoint: a refusal must not abort the webhook's transaction, which still records the event.
    await db.transaction((savepoint) => postTransfer(savepoint, transfer));
  } catch (err) {
    if (!isClosedWallet(err)) throw err;
    // Paid after the account was deleted: nothing can be credited, so the payment goes back.
    await refundLateTopUp(db, logger, payments, session);
    return;
  }
  await markTopUpPaid(db, session.id, topUp.userId);
  // A second event about the same payment finds its receipt queued already (decision 091).
  await queueReceipt(db, { kind: 'top_up_receipt', userId: topUp.userId, topUpId: topUp.id });
}

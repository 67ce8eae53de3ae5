import type Stripe from 'stripe';
import type { CardPayments } from '../../adapters/payments/card-payments';
import type { Database } from '../../db/client';
import type { Logger } from '../../logger';
import { listOpenTopUps, markTopUpExpired, markTopUpRefunded } from './repo';

// Top-ups of a deleted account (decision 017): its wallet is closed and takes no tokens, so the checkouts it
// left open are expired, and a payment that completes all the same is refunded whole.

/** A checkout session lives 24 hours at most; an hour more covers clocks that disagree. */
const SESSION_LIFETIME_MS = 25 * 60 * 60 * 1000;

/** Metadata naming the refund of a top-up paid after its account was deleted. */
export const DELETED_ACCOUNT_REFUND = 'deleted_account_top_up';

/**
 * Call after the deletion committed: each checkout the user left open is expired at the provider, so it can
 * no longer be paid. One that cannot be (paid meanwhile, or the provider unreachable) is logged: its payment,
 * if it comes, is refunded when its event arrives (refundLateTopUp), and an unpaid session expires by itself.
 */
export async function expireOpenTopUps(
  deps: { db: Database; payments?: CardPayments | undefined; logger: Logger },
  userId: string,
): Promise<void> {
  if (!deps.payments) return;
  for (const { id } of await listOpenTopUps(deps.db, userId, new Date(Date.now() - SESSION_LIFETIME_MS))) {
    try {
      await deps.payments.stripe.checkout.sessions.expire(id);
      await markTopUpExpired(deps.db, id);
    } catch (err) {
      deps.logger.warn({ err, sessionId: id }, 'an open checkout of a deleted account could not be expired');
    }
  }
}

/**
 * Inside the webhook's transaction: a checkout paid after its account was deleted is refunded whole, keyed by
 * its session, so a repeated or second event about it makes no second refund. A failed call throws: the
 * provider delivers the event again later.
 */
export async function refundLateTopUp(
  db: Database,
  logger: Logger,
  payments: CardPayments | undefined,
  session: Stripe.Checkout.Session,
): Promise<void> {
  const paymentIntent =
    typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
  if (!payments || !paymentIntent) {
    logger.error({ sessionId: session.id, paymentIntent }, 'a top-up was paid for a deleted account: refund it');
    return;
  }
  try {
    await payments.stripe.refunds.create(
      {
        payment_intent: paymentIntent,
        reason: 'requested_by_customer',
        metadata: { [DELETED_ACCOUNT_REFUND]: session.id },
      },
      { idempotencyKey: `${DELETED_ACCOUNT_REFUND}:${session.id}` },
    );
  } catch (err) {
    // Refunded before, by an earlier event whose key has since expired at the provider.
    if ((err as { code?: string }).code !== 'charge_already_refunded') throw err;
  }
  await markTopUpRefunded(db, session.id);
  logger.warn({ sessionId: session.id, paymentIntent }, 'a top-up paid after its account was deleted was refunded');
}

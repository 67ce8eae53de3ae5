import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  CONNECT_WEBHOOK_SECRET,
  pay,
  received,
  SECRET_KEY,
  setUp,
  WEBHOOK_SECRET,
  waitFor,
} from '@sweetwish/card-sandbox/test-support';
import { untilWebhooksDelivered } from '@sweetwish/card-sandbox/webhooks-delivered';
import { sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLogger } from '../../../test/app-harness';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import { seedUser } from '../../../test/seed';
import type { CardPayments } from '../../adapters/payments/card-payments';
import { diskStorage } from '../../adapters/storage/disk-storage';
import { type DatabaseHandle, queryRows } from '../../db/client';
import { deleteAccount } from '../../use-cases/delete-account';
import { findUserBalances } from '../ledger/service';
import { reconcile } from '../wallet/service';
import { handleWebhookEvent, startTopUp } from './service';

/**
 * A checkout started before its account was deleted (issue 46, item 6; decision 017), through the card
 * sandbox and the official SDK: deletion expires the checkouts left open, and a payment that completes
 * after the deletion all the same (it was under way) is refunded whole, once.
 */
describe.each(databaseKinds())('top-ups of a deleted account on %s', (kind) => {
  let database: DatabaseHandle;
  let mediaRoot: string;
  const { logger } = captureLogger();
  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
    mediaRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'sweetwish-deleted-top-ups-'));
  });
  afterAll(async () => {
    await database.close();
    fs.rmSync(mediaRoot, { recursive: true, force: true });
  });

  const db = () => database.db;
  /** The card sandbox on a port of its own, its webhooks kept by a receiver for the test to deliver. */
  async function sandbox() {
    const context = await setUp();
    const payments: CardPayments = {
      stripe: context.stripe,
      webhookSecret: WEBHOOK_SECRET,
      connectWebhookSecret: CONNECT_WEBHOOK_SECRET,
      sandbox: undefined,
    };
    return { ...context, payments };
  }
  /** A checkout of 50 tokens started by the user; its session id. */
  async function startCheckout(payments: CardPayments, userId: string) {
    const deps = { db: db(), payments, publicOrigin: 'http://localhost:5172', logger };
    await startTopUp(deps, userId, { quantity: 50, location: '/wallet' });
    const [row] = await queryRows<{ id: string }>(
      db(),
      sql`select id from top_ups where user_id = ${userId} order by created_at desc limit 1`,
    );
    return row?.id ?? '';
  }
  const deleteUser = (userId: string, payments: CardPayments) =>
    deleteAccount({ db: db(), storage: diskStorage(mediaRoot), logger, clearingDays: 7, payments }, userId);
  async function topUpStatus(sessionId: string) {
    const [row] = await queryRows<{ status: string }>(db(), sql`select status from top_ups where id = ${sessionId}`);
    return row?.status;
  }

  it('expires the checkouts an account left open when it is deleted', async () => {
    const { stripe, base, payments } = await sandbox();
    const user = await seedUser(db());
    const sessionId = await startCheckout(payments, user.id);
    await deleteUser(user.id, payments);
    expect((await stripe.checkout.sessions.retrieve(sessionId)).status).toBe('expired');
    expect(await topUpStatus(sessionId)).toBe('expired');
    // Nobody can pay it any more.
    expect((await pay(base, sessionId)).status).toBe(410);
  });

  it('refunds a payment that completes after the account was deleted, once', async () => {
    const { stripe, base, payments, receiver } = await sandbox();
    const user = await seedUser(db());
    const sessionId = await startCheckout(payments, user.id);
    // Paid while the account is being deleted: the provider's event comes after the deletion.
    expect((await pay(base, sessionId)).status).toBe(303);
    await waitFor(() => received(receiver, 'checkout.session.completed').length === 1, 'the payment event');
    await deleteUser(user.id, payments);
    const [completed] = received(receiver, 'checkout.session.completed') as [Stripe.Event];
    await handleWebhookEvent(db(), logger, completed, payments);
    // Delivered again, and the same payment told by another event: no second refund.
    await handleWebhookEvent(db(), logger, completed, payments);
    await handleWebhookEvent(db(), logger, { ...completed, id: `${completed.id}_again` }, payments);

    const session = await stripe.checkout.sessions.retrieve(sessionId);
    await untilWebhooksDelivered(base, SECRET_KEY);
    const refunds = received(receiver, 'refund.created').map((e) => e.data.object as Stripe.Refund);
    expect(refunds.map((r) => [r.payment_intent, r.amount])).toEqual([[session.payment_intent, session.amount_total]]);
    expect(await topUpStatus(sessionId)).toBe('refunded');
    expect(await findUserBalances(db(), user.id)).toEqual({ boughtCents: 0, pendingCents: 0, availableCents: 0 });
    expect(await reconcile(db())).toEqual({ isOk: true, lines: ['ok'] });
  });
});

import { randomUUID } from 'node:crypto';
import { PAYOUT_MESSAGES } from '@sweetwish/shared/payouts-rules';
import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app-harness';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import { seedEarnings, seedUser } from '../../../test/seed';
import { type DatabaseHandle, queryRows } from '../../db/client';
import { findPayoutAccount, insertPayoutAccount } from './repo';
import { debitWithdrawal } from './service';

const PLATFORM_SECRET = 'whsec_platform0123456789';
const CONNECT_SECRET = 'whsec_connect0123456789';
const stripe = new Stripe('sk_test_unused');
type App = Awaited<ReturnType<typeof buildTestApp>>['app'];

function signed(event: Record<string, unknown>, secret: string) {
  const payload = JSON.stringify(event);
  const header = stripe.webhooks.generateTestHeaderString({ payload, secret });
  return { payload, header };
}

/** An `account.updated` Connect event, created at `created` (unix seconds). */
function accountUpdated(account: string, created: number, payoutsEnabled: boolean) {
  return {
    id: `evt_${randomUUID().replace(/-/g, '')}`,
    object: 'event',
    account,
    type: 'account.updated',
    created,
    data: {
      object: { id: account, object: 'account', payouts_enabled: payoutsEnabled, details_submitted: true },
    },
  };
}

describe.each(databaseKinds())('the Connect webhook endpoint on %s', (kind) => {
  let database: DatabaseHandle;
  let app: App;
  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
    const env = {
      STRIPE_SECRET_KEY: 'sk_test_unused',
      STRIPE_WEBHOOK_SECRET: PLATFORM_SECRET,
      STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_SECRET,
    };
    app = (await buildTestApp(database, { env })).app;
  });
  afterAll(() => database.close());

  const send = (path: string, { payload, header }: { payload: string; header: string }) =>
    app.request(`/api/payments/${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': header },
      body: payload,
    });
  const recorded = async (eventId: string) =>
    (
      await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from webhook_events where id = ${eventId}`,
      )
    )[0]?.n;

  async function creatorWithAccount() {
    const user = await seedUser(database.db);
    const account = `acct_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
    await insertPayoutAccount(database.db, user.id, account);
    return { ...user, account };
  }

  it('refuses a Connect event signed with another secret (400), and records nothing', async () => {
    const { account } = await creatorWithAccount();
    const now = Math.floor(Date.now() / 1000);
    for (const secret of [PLATFORM_SECRET, 'whsec_someoneelse0123']) {
      const event = accountUpdated(account, now, true);
      const res = await send('connect-webhook', signed(event, secret));
      expect(res.status).toBe(400);
      expect(await recorded(event.id)).toBe(0);
    }
    // Nor does the platform endpoint take a Connect-signed event.
    const event = accountUpdated(account, now, true);
    expect((await send('webhook', signed(event, CONNECT_SECRET))).status).toBe(400);
    const unsigned = await app.request('/api/payments/connect-webhook', { method: 'POST', body: '{}' });
    expect(unsigned.status).toBe(400);
  });

  it('applies account.updated by its created time: an older event heard later changes nothing', async () => {
    const creator = await creatorWithAccount();
    await seedEarnings(database.db, creator.id, 10_000);
    const t = Math.floor(Date.now() / 1000);
    const enabled = accountUpdated(creator.account, t, true);
    expect((await send('connect-webhook', signed(enabled, CONNECT_SECRET))).status).toBe(200);
    expect((await findPayoutAccount(database.db, creator.id))?.payoutsEnabled).toBe(true);

    // Payouts disabled at t+10; the enabling event of t+5 arrives after it, and a repeat of the first.
    const disabled = accountUpdated(creator.account, t + 10, false);
    const late = accountUpdated(creator.account, t + 5, true);
    expect((await send('connect-webhook', signed(disabled, CONNECT_SECRET))).status).toBe(200);
    expect((await send('connect-webhook', signed(late, CONNECT_SECRET))).status).toBe(200);
    expect((await send('connect-webhook', signed(enabled, CONNECT_SECRET))).status).toBe(200);
    expect(await recorded(late.id)).toBe(1);
    expect((await findPayoutAccount(database.db, creator.id))?.payoutsEnabled).toBe(false);
    // The creator sees product.md's text instead of the form, and cannot withdraw.
    await expect(debitWithdrawal({ db: database.db }, creator.id, { amount: 50 })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: PAYOUT_MESSAGES.update,
    });

    const reenabled = accountUpdated(creator.account, t + 20, true);
    expect((await send('connect-webhook', signed(reenabled, CONNECT_SECRET))).status).toBe(200);
    expect((await findPayoutAccount(database.db, creator.id))?.payoutsEnabled).toBe(true);
  });
});

import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { control, pay, SECRET_KEY, topUp } from '@sweetwish/card-sandbox/test-support';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { databaseKinds } from '../../../test/databases';
import { queryRows } from '../../db/client';
import { handleWebhookEvent } from '../checkout/service';
import { findUserBalances } from '../ledger/service';
import { reconcile } from '../wallet/service';
import { findNextWithdrawalAttempt, findWithdrawal, recordTransferKey } from './repo';
import { attemptWithdrawalTransfer, debitWithdrawal, listWithdrawals } from './service';
import { withdrawalTransferGroup } from './transfer-attempt';
import { withdrawalJobKey } from './withdrawal-job-kind';
import { type SandboxContext, useWithdrawalRetriesSuite } from './withdrawal-retries-fixtures';

const HOUR = 60 * 60_000;

/**
 * Withdrawals against the card sandbox on a clock the test moves (the sandbox's and the service's): a
 * retry a day later, the platform balance short, and 401/403 answers; then the Connect events that
 * complete or fail a withdrawal. Service calls made directly, on PGlite and PostgreSQL.
 */
describe.each(databaseKinds())('withdrawal transfers retried on %s', (kind) => {
  const suite = useWithdrawalRetriesSuite(kind);
  const { setUp, creator, fund, reversals } = suite;

  /** Whether the withdrawal may be tried now, and whether its job (worker.ts) would run now. */
  const isDue = async (id: string) => {
    const [job] = await queryRows<{ is_due: boolean }>(
      suite.database.db,
      sql`select run_at <= now() as is_due from jobs where key = ${withdrawalJobKey(id)} and status = 'pending'`,
    );
    return { withdrawal: (await findNextWithdrawalAttempt(suite.database.db, id))?.isDue, job: job?.is_due };
  };
  const transfersOf = async (context: SandboxContext, withdrawalId: string) =>
    (await context.stripe.transfers.list({ transfer_group: withdrawalTransferGroup(withdrawalId) })).data;
  const wallet = async (userId: string) => (await findUserBalances(suite.database.db, userId)).availableCents;

  it('retried after 24 hours (the key forgotten), finds the transfer made earlier and does not pay again', async () => {
    const context = await setUp();
    await fund(context, 100_000);
    const user = await creator(context);
    const debited = await debitWithdrawal(context.deps(), user.id, { amount: 60 });
    // The transfer is made, then the connection is cut: no answer, so the withdrawal stays pending.
    await control(context.base, '/sandbox/control/transfers/drop-next', {
      account: user.accountId,
      replays_to_drop: 2,
    });
    await attemptWithdrawalTransfer(context.deps(), debited.id);
    expect((await findWithdrawal(suite.database.db, debited.id))?.status).toBe('pending');
    expect(await transfersOf(context, debited.id)).toHaveLength(1);

    // A day later the provider has forgotten the key: a create with it would make a second transfer.
    context.clock.now += 24 * HOUR + 60_000;
    await attemptWithdrawalTransfer(context.deps(), debited.id);
    const [transfer] = await transfersOf(context, debited.id);
    expect(await transfersOf(context, debited.id)).toHaveLength(1);
    expect(await findWithdrawal(suite.database.db, debited.id)).toMatchObject({
      status: 'in_transit',
      providerTransferId: transfer?.id,
    });
    expect(await wallet(user.id)).toBe(4000);
    expect(await reconcile(suite.database.db)).toEqual({ isOk: true, lines: ['ok'] });
  });

  it('retried after 24 hours with no transfer made, sends it once under a new key', async () => {
    const context = await setUp();
    await fund(context, 100_000);
    const user = await creator(context);
    const debited = await debitWithdrawal(context.deps(), user.id, { amount: 50 });
    // As if the first request went out a day ago and never reached the provider.
    await recordTransferKey(
      suite.database.db,
      debited.id,
      `withdrawal:${debited.id}`,
      new Date(context.clock.now - 25 * HOUR),
    );
    await attemptWithdrawalTransfer(context.deps(), debited.id);
    expect(await transfersOf(context, debited.id)).toHaveLength(1);
    const row = await findWithdrawal(suite.database.db, debited.id);
    expect(row?.status).toBe('in_transit');
    expect(row?.transferKey).toMatch(new RegExp(`^withdrawal:${debited.id}:\\d+$`));
  });

  it('keeps a withdrawal pending on balance_insufficient (no reversal), and pays it once when funds become available', async () => {
    const context = await setUp();
    const user = await creator(context);
    // A fan's card payment: pending in the platform balance for an hour.
    const session = await context.stripe.checkout.sessions.create(topUp());
    expect((await pay(context.base, session.id)).status).toBe(303);
    const debited = await debitWithdrawal(context.deps(), user.id, { amount: 50 });
    await attemptWithdrawalTransfer(context.deps(), debited.id);

    expect(await findWithdrawal(suite.database.db, debited.id)).toMatchObject({
      status: 'pending',
      transferKeySentAt: null,
    });
    expect((await listWithdrawals(suite.database.db, user.id, { limit: 100 })).items[0]).toMatchObject({
      status: 'pending',
      failureMessage: null,
    });
    expect(await wallet(user.id)).toBe(5000);
    expect(await reversals(debited.id)).toBe(0);
    expect(await transfersOf(context, debited.id)).toEqual([]);
    // Not due again for a while (a longer back-off than an unclear answer's 5 seconds): a run of its job
    // meanwhile would only put the job back to that time.
    expect((await isDue(debited.id)).withdrawal).toBe(false);

    // An hour later the funds are available, and Stripe says so with balance.available.
    context.clock.now += HOUR;
    const balance = await context.stripe.balance.retrieve();
    expect(balance.available[0]?.amount).toBe(5100);
    const event = { id: `evt_${debited.id}`, object: 'event', type: 'balance.available', data: { object: balance } };
    await handleWebhookEvent(suite.database.db, context.deps().logger, event as unknown as Stripe.Event);
    expect(await isDue(debited.id)).toEqual({ withdrawal: true, job: true });

    await attemptWithdrawalTransfer(context.deps(), debited.id);
    expect((await findWithdrawal(suite.database.db, debited.id))?.status).toBe('in_transit');
    expect((await transfersOf(context, debited.id)).map((t) => t.amount)).toEqual([5000]);
    expect(await reversals(debited.id)).toBe(0);
    expect(await reconcile(suite.database.db)).toEqual({ isOk: true, lines: ['ok'] });
  });

  it('treats 401 and 403 as unclear: an alert in the log, still pending, no reversal, then paid once', async () => {
    const context = await setUp();
    await fund(context, 100_000);
    const user = await creator(context);
    const debited = await debitWithdrawal(context.deps(), user.id, { amount: 50 });

    const wrongKey = new Stripe(`${SECRET_KEY}x`, {
      host: '127.0.0.1',
      port: context.port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    await attemptWithdrawalTransfer(context.deps(wrongKey), debited.id);

    // A provider answering 403 (a restricted key without the transfers permission), as Stripe shapes it.
    const forbidding = new Hono().all('*', (c) =>
      c.json(
        {
          error: {
            type: 'invalid_request_error',
            message: 'The provided key does not have the required permissions for this endpoint.',
          },
        },
        403,
      ),
    );
    const server = serve({ fetch: forbidding.fetch, port: 0, hostname: '127.0.0.1' });
    await once(server, 'listening');
    const forbidden = new Stripe('rk_test_restricted', {
      host: '127.0.0.1',
      port: (server.address() as AddressInfo).port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    await attemptWithdrawalTransfer(context.deps(forbidden), debited.id);
    await new Promise<void>((resolve) => server.close(() => resolve()));

    expect((await findWithdrawal(suite.database.db, debited.id))?.status).toBe('pending');
    expect(await reversals(debited.id)).toBe(0);
    expect(await wallet(user.id)).toBe(5000);
    const alerts = context.logLines.filter((line) => line.level === 50 && line.alert === 'card-provider-auth');
    expect(alerts).toHaveLength(2);
    // Secrets never logged.
    expect(JSON.stringify(context.logLines)).not.toContain(SECRET_KEY);

    await attemptWithdrawalTransfer(context.deps(), debited.id);
    expect((await findWithdrawal(suite.database.db, debited.id))?.status).toBe('in_transit');
    expect(await transfersOf(context, debited.id)).toHaveLength(1);
  });
});

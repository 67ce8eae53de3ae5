import { control, onboardedAccount, startSandbox } from '@sweetwish/card-sandbox/test-support';
import { sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll } from 'vitest';
import { captureLogger } from '../../../test/app-harness';
import { type DatabaseKind, openFreshDatabase } from '../../../test/databases';
import { seedEarnings, seedUser } from '../../../test/seed';
import type { CardPayments } from '../../adapters/payments/card-payments';
import { type DatabaseHandle, queryRows } from '../../db/client';
import type { PayoutDeps } from './payout-deps';
import { insertPayoutAccount, updatePayoutAccount } from './repo';

// What the withdrawal retry suites share: a database, card sandboxes on a test clock, and onboarded creators.

/** Nothing listens here: the sandbox's own deliveries are not what these tests drive. */
const NOWHERE = 'http://127.0.0.1:9/api/payments/webhook';

/**
 * A fresh database of `kind`, and the sandboxes, creators and funds the withdrawal retry tests call the
 * services with: registers the suite's beforeAll/afterAll and returns them.
 */
export function useWithdrawalRetriesSuite(kind: DatabaseKind) {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
  });
  afterAll(() => database.close());

  /** A sandbox whose card funds take an hour to be available, its SDK client and the service's deps. */
  async function setUp() {
    const clock = { now: Date.now() };
    const sandbox = await startSandbox({
      webhookUrl: NOWHERE,
      fundsAvailableAfterSeconds: 3600,
      now: () => new Date(clock.now),
    });
    const captured = captureLogger();
    const payments = (stripe: Stripe): CardPayments => ({
      stripe,
      webhookSecret: 'whsec_unused',
      connectWebhookSecret: 'whsec_unused',
      sandbox: undefined,
    });
    const deps = (stripe = sandbox.stripe): PayoutDeps => ({
      db: database.db,
      payments: payments(stripe),
      logger: captured.logger,
      publicOrigin: sandbox.base,
      now: () => new Date(clock.now),
    });
    return { ...sandbox, clock, deps, logLines: captured.lines };
  }
  type Context = Awaited<ReturnType<typeof setUp>>;

  /** A creator with `tokens` in the wallet and an onboarded payout account at the sandbox. */
  async function creator(context: Context, tokens = 100) {
    const user = await seedUser(database.db);
    await seedEarnings(database.db, user.id, tokens * 100);
    const account = await onboardedAccount(context);
    await insertPayoutAccount(database.db, user.id, account.id);
    await updatePayoutAccount(database.db, account.id, { payoutsEnabled: true, detailsSubmitted: true }, 0);
    return { ...user, accountId: account.id };
  }

  const fund = (context: Context, amount: number) => control(context.base, '/sandbox/control/balance', { amount });
  const reversals = async (withdrawalId: string) =>
    (
      await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from ledger_transfers where idempotency_key = ${`withdrawal_reversal:${withdrawalId}`}`,
      )
    )[0]?.n;

  return {
    get database() {
      return database;
    },
    setUp,
    creator,
    fund,
    reversals,
  };
}

/** A started sandbox with its clock and the service's deps, as setUp() answers it. */
export type SandboxContext = Awaited<ReturnType<ReturnType<typeof useWithdrawalRetriesSuite>['setUp']>>;

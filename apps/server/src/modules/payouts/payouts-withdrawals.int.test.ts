import type { StatementPage } from '@sweetwish/shared/payouts';
import { PAYOUT_MESSAGES } from '@sweetwish/shared/payouts-rules';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseKinds } from '../../../test/databases';
import { queryRows } from '../../db/client';
import { usePayoutsSandbox } from './payouts-fixtures';

/**
 * Payouts on a real server with the local card sandbox: onboarding, withdrawals, their limits and the
 * provider refusing or cutting a transfer, with reconciliation after each.
 */
describe.skipIf(!databaseKinds().includes('postgres'))(
  'payouts through the card sandbox: onboarding and withdrawals',
  () => {
    const sandbox = usePayoutsSandbox();
    const {
      call,
      control,
      newUser,
      balance,
      accountStatus,
      onboard,
      withdraw,
      withdrawals,
      transfersTo,
      expectReconciled,
      newestReaches,
    } = sandbox;

    it('onboards a creator: no account, then an account that is not enabled, then one with payouts', async () => {
      const creator = await newUser();
      expect(await accountStatus(creator)).toEqual({ account: null });
      expect((await withdraw(creator, 50)).status).toBe(403);
      const first = await call(creator, 'POST', '/payouts/onboarding-link', { location: '/balance' });
      const second = await call(creator, 'POST', '/payouts/onboarding-link', { location: '/balance' });
      expect([first.status, second.status]).toEqual([201, 201]);
      const pending = await accountStatus(creator);
      expect(pending.account).toMatchObject({ payoutsEnabled: false });
      const account = await onboard(creator);
      expect(account).toMatchObject({ id: pending.account?.id, payoutsEnabled: true, detailsSubmitted: true });
      for (const location of ['https://evil.example/', '//evil.example', 'balance']) {
        expect((await call(creator, 'POST', '/payouts/onboarding-link', { location })).status).toBe(400);
      }
    });

    it('withdraws whole tokens of at least 50, at most the balance, and records it as Completed once paid out', async () => {
      const creator = await newUser(120);
      const account = await onboard(creator);
      for (const amount of [49, 0, 50.5, '50', -50]) expect((await withdraw(creator, amount)).status).toBe(400);
      const tooSmall = await withdraw(creator, 49);
      expect(((await tooSmall.json()) as { error: { message: string } }).error.message).toContain(
        PAYOUT_MESSAGES.minimum,
      );
      const tooMuch = await withdraw(creator, 121);
      expect(tooMuch.status).toBe(422);
      expect(((await tooMuch.json()) as { error: { message: string } }).error.message).toBe('Insufficient balance');

      const res = await withdraw(creator, 50);
      expect(res.status).toBe(201);
      // Transferred to the payout account; Completed when its payout reaches the bank (payout.paid).
      expect(await res.json()).toMatchObject({
        amountCents: 5000,
        status: expect.stringMatching(/^(in_transit|paid)$/),
      });
      expect(await balance(creator)).toBe(7000);
      await newestReaches(creator, 'paid');
      expect(await withdrawals(creator)).toEqual([
        expect.objectContaining({
          amountCents: 5000,
          status: 'paid',
          completedAt: expect.any(String),
          failureMessage: null,
        }),
      ]);
      const transfers = await transfersTo(account.id);
      expect(transfers.map((t) => t.amount)).toEqual([5000]);
      const statement = (await (await call(creator, 'GET', '/wallet/statement')).json()) as StatementPage;
      expect(statement.lines[0]).toMatchObject({ kind: 'withdrawal', amountCents: -5000 });
      // Nobody else sees it.
      expect(await withdrawals(await newUser())).toEqual([]);
      await expectReconciled();
    });

    it('never overdraws under 20 parallel withdrawals that together exceed the balance', async () => {
      const creator = await newUser(500);
      const account = await onboard(creator);
      const results = await Promise.all(Array.from({ length: 20 }, () => withdraw(creator, 50)));
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(10);
      expect(statuses.filter((s) => s === 422)).toHaveLength(10);
      expect(await balance(creator)).toBe(0);
      expect((await transfersTo(account.id)).map((t) => t.amount)).toEqual(Array(10).fill(5000));
      await expectReconciled();
    });

    it('gives the money back once when the provider refuses the transfer', async () => {
      const creator = await newUser(100);
      const account = await onboard(creator);
      expect((await control(`/sandbox/control/accounts/${account.id}/transfers`, { fail: true })).status).toBe(200);
      const res = await withdraw(creator, 60);
      expect(res.status).toBe(409);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(PAYOUT_MESSAGES.submitFailed);
      expect(await balance(creator)).toBe(10_000);
      expect(await withdrawals(creator)).toEqual([expect.objectContaining({ status: 'failed' })]);
      const [reversals] = await queryRows<{ n: number }>(
        sandbox.database.db,
        sql`select count(*)::int as n from ledger_transfers t join ledger_entries e on e.transfer_id = t.id
        where t.kind = 'withdrawal_reversal' and e.account_id = ${`earned:${creator.id}`}`,
      );
      expect(reversals?.n).toBe(1);
      expect(await transfersTo(account.id)).toEqual([]);
      await control(`/sandbox/control/accounts/${account.id}/transfers`, { fail: false });
      expect((await withdraw(creator, 60)).status).toBe(201);
      expect(await balance(creator)).toBe(4000);
      await expectReconciled();
    });

    it('makes one transfer when the provider commits it and drops the connection: the SDK retries the key', async () => {
      const creator = await newUser(100);
      const account = await onboard(creator);
      expect((await control('/sandbox/control/transfers/drop-next', { account: account.id })).status).toBe(200);
      const res = await withdraw(creator, 70);
      // The SDK's own retry, with the same key, got the stored answer of the transfer already made.
      expect(res.status).toBe(201);
      expect(await res.json()).toMatchObject({
        amountCents: 7000,
        status: expect.stringMatching(/^(in_transit|paid)$/),
      });
      expect((await transfersTo(account.id)).map((t) => t.amount)).toEqual([7000]);
      expect(await balance(creator)).toBe(3000);
      await expectReconciled();
    });
  },
);

import { untilWebhooksDelivered } from '@sweetwish/card-sandbox/webhooks-delivered';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseKinds } from '../../../test/databases';
import { queryRows } from '../../db/client';
import { until, usePayoutsSandbox } from './payouts-fixtures';
import { debitWithdrawal } from './service';
import { withdrawalJobKey } from './withdrawal-job-kind';

/**
 * Withdrawals whose transfer is lost, reversed, refused or left behind by a restart, and payouts carrying
 * many withdrawals, on a real server with the local card sandbox; reconciled after each.
 */
describe.skipIf(!databaseKinds().includes('postgres'))('payouts through the card sandbox: withdrawal faults', () => {
  const sandbox = usePayoutsSandbox();
  const { control, newUser, balance, onboard, withdraw, withdrawals, transfersTo, expectReconciled, newestReaches } =
    sandbox;

  it('makes one transfer when every retry of the request is cut too: the worker finishes it with the same key', async () => {
    const creator = await newUser(100);
    const account = await onboard(creator);
    // The SDK tries three times (maxNetworkRetries 2): all three connections are cut after the commit.
    const armed = await control('/sandbox/control/transfers/drop-next', { account: account.id, replays_to_drop: 2 });
    expect(armed.status).toBe(200);
    const res = await withdraw(creator, 70);
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ amountCents: 7000 });
    expect(await balance(creator)).toBe(3000);
    expect((await transfersTo(account.id)).map((t) => t.amount)).toEqual([7000]);
    // Completed by the worker's retry with the same key, or by the payout event, which names the transfer.
    const [paid] = await until(async () => {
      const list = await withdrawals(creator);
      return list[0]?.status === 'paid' ? list : undefined;
    }, 30_000);
    expect(paid).toMatchObject({ amountCents: 7000, status: 'paid' });
    expect((await transfersTo(account.id)).map((t) => t.amount)).toEqual([7000]);
    expect(await balance(creator)).toBe(3000);
    await expectReconciled();
  }, 40_000);

  it('gives a withdrawal back once when its transfer is reversed later, however often the event arrives', async () => {
    const creator = await newUser(100);
    const account = await onboard(creator);
    expect((await withdraw(creator, 50)).status).toBe(201);
    const [transfer] = await transfersTo(account.id);
    const reversed = await control(`/sandbox/control/transfers/${transfer?.id}/reverse`, {});
    expect(reversed.status).toBe(200);
    await until(async () => (await withdrawals(creator))[0]?.status === 'failed');
    expect(await balance(creator)).toBe(10_000);
    const [event] = await queryRows<{ id: string }>(
      sandbox.database.db,
      sql`select id from webhook_events where type = 'transfer.reversed' order by received_at desc limit 1`,
    );
    expect(event?.id).toBeTruthy();
    expect((await control('/sandbox/control/webhooks/redeliver', { event_id: event?.id })).status).toBe(200);
    await untilWebhooksDelivered(sandbox.base, sandbox.secretKey);
    expect(await balance(creator)).toBe(10_000);
    const [reversals] = await queryRows<{ n: number }>(
      sandbox.database.db,
      sql`select count(*)::int as n from ledger_transfers t join ledger_entries e on e.transfer_id = t.id
        where t.kind = 'withdrawal_reversal' and e.account_id = ${`earned:${creator.id}`}`,
    );
    expect(reversals?.n).toBe(1);
    await expectReconciled();
  });

  it('gives a withdrawal back when its transfer is reversed before the lost answer was recovered', async () => {
    const creator = await newUser(100);
    const account = await onboard(creator);
    await control('/sandbox/control/transfers/drop-next', { account: account.id, replays_to_drop: 2 });
    const withdrawal = (await (await withdraw(creator, 60)).json()) as { id: string; amountCents: number };
    expect(withdrawal.amountCents).toBe(6000);
    const [transfer] = await transfersTo(account.id);
    expect((await control(`/sandbox/control/transfers/${transfer?.id}/reverse`, {})).status).toBe(200);
    await until(async () => (await withdrawals(creator))[0]?.status === 'failed');
    expect(await balance(creator)).toBe(10_000);
    // The worker's retry gets the same (reversed) transfer back and changes nothing: its job leaves the
    // queue only once a run of it has finished.
    await until(async () => {
      const queued = await queryRows(
        sandbox.database.db,
        sql`select 1 from jobs where key = ${withdrawalJobKey(withdrawal.id)}`,
      );
      return queued.length === 0;
    });
    expect((await withdrawals(creator)).map((w) => w.status)).toEqual(['failed']);
    expect(await balance(creator)).toBe(10_000);
    expect(await transfersTo(account.id)).toHaveLength(1);
    await expectReconciled();
  }, 30_000);

  it('refuses the next transfer once (fail-next): the money comes back and the next withdrawal goes out', async () => {
    const creator = await newUser(100);
    const account = await onboard(creator);
    expect((await control('/sandbox/control/transfers/fail-next', { account: account.id })).status).toBe(200);
    expect((await withdraw(creator, 50)).status).toBe(409);
    expect(await balance(creator)).toBe(10_000);
    expect((await withdraw(creator, 50)).status).toBe(201);
    expect((await transfersTo(account.id)).map((t) => t.amount)).toEqual([5000]);
    await newestReaches(creator, 'paid');
    expect((await withdrawals(creator)).map((w) => w.status)).toEqual(['paid', 'failed']);
    await expectReconciled();
  });

  it('completes a withdrawal debited just before the process stopped, after a restart, once', async () => {
    const creator = await newUser(100);
    const account = await onboard(creator);
    // The state a request leaves when the process dies between the debit and the transfer.
    const debited = await debitWithdrawal({ db: sandbox.database.db }, creator.id, { amount: 80 });
    await sandbox.server.stop();
    expect(await balance({ ...creator, cookie: '' }).catch(() => 'down')).toBe('down');
    await sandbox.start();
    const paid = await until(async () => {
      const list = await withdrawals(creator);
      return list.find((w) => w.id === debited.id && w.status === 'paid');
    });
    expect(paid.amountCents).toBe(8000);
    expect((await transfersTo(account.id)).map((t) => t.amount)).toEqual([8000]);
    expect(await balance(creator)).toBe(2000);
    await expectReconciled();
  }, 60_000);

  it('marks every withdrawal a scheduled payout carried paid, past the 100 a list answers at once', async () => {
    const count = 101;
    const creator = await newUser(50 * count);
    const account = await onboard(creator);
    // Stripe pays a connected account out on its schedule: every transfer since the last payout, in one.
    expect((await control(`/sandbox/control/accounts/${account.id}/payouts`, { hold: true })).status).toBe(200);
    // Debited as a request would (past the write limit of 30 a minute); their jobs make the transfers.
    for (let i = 0; i < count; i++) await debitWithdrawal({ db: sandbox.database.db }, creator.id, { amount: 50 });
    const statuses = async () =>
      Object.fromEntries(
        (
          await queryRows<{ status: string; n: number }>(
            sandbox.database.db,
            sql`select status, count(*)::int as n from withdrawals where user_id = ${creator.id} group by status`,
          )
        ).map((r) => [r.status, r.n]),
      );
    await until(async () => (await statuses()).in_transit === count, 60_000);
    expect((await control(`/sandbox/control/accounts/${account.id}/payouts`, { hold: false })).status).toBe(200);
    await untilWebhooksDelivered(sandbox.base, sandbox.secretKey);
    expect(await statuses()).toEqual({ paid: count });
    await expectReconciled();
  }, 120_000);
});

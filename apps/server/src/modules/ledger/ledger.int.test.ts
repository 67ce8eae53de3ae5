import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import { seedTokens, seedUser, spendableCents } from '../../../test/seed';
import type { DatabaseHandle } from '../../db/client';
import { closeWallet, reconcile } from '../wallet/service';
import { PLATFORM_ACCOUNTS, pendingAccountId, spendAccountId, walletAccountId } from './accounts';
import { findUserBalances, isClosedWallet, isInsufficientBalance, postTransfer } from './service';

describe.each(databaseKinds())('ledger on %s', (kind) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
  });
  afterAll(() => database.close());

  const balance = (userId: string) => spendableCents(database.db, userId);
  const pay = (from: string, to: string, cents: number, key = randomUUID()) =>
    postTransfer(database.db, {
      kind: 'tip',
      idempotencyKey: key,
      entries: [
        { accountId: spendAccountId(from), amountCents: -cents },
        { accountId: pendingAccountId(to), amountCents: cents },
      ],
    });

  it('moves money between wallets and creates a wallet on its first credit', async () => {
    const fan = await seedUser(database.db);
    const creator = await seedUser(database.db);
    await seedTokens(database.db, fan.id, 1000);
    await pay(fan.id, creator.id, 300);
    expect(await balance(fan.id)).toBe(700);
    expect(await balance(creator.id)).toBe(300);
  });

  it('refuses a debit larger than the wallet and writes nothing', async () => {
    const fan = await seedUser(database.db);
    const creator = await seedUser(database.db);
    await seedTokens(database.db, fan.id, 100);
    const error = await pay(fan.id, creator.id, 101).catch((err: unknown) => err);
    expect(isInsufficientBalance(error)).toBe(true);
    expect(await balance(fan.id)).toBe(100);
    expect(await findUserBalances(database.db, creator.id)).toEqual({
      boughtCents: 0,
      pendingCents: 0,
      availableCents: 0,
    });
  });

  it('posts a key once: a repeat has no effect', async () => {
    const fan = await seedUser(database.db);
    const creator = await seedUser(database.db);
    await seedTokens(database.db, fan.id, 500);
    const key = randomUUID();
    expect(await pay(fan.id, creator.id, 100, key)).toEqual(expect.any(String));
    expect(await pay(fan.id, creator.id, 100, key)).toBeUndefined();
    expect(await balance(fan.id)).toBe(400);
  });

  it('refuses a transfer that does not sum to zero', async () => {
    const fan = await seedUser(database.db);
    await expect(
      postTransfer(database.db, {
        kind: 'top_up',
        idempotencyKey: randomUUID(),
        entries: [
          { accountId: PLATFORM_ACCOUNTS.card, amountCents: -100 },
          { accountId: walletAccountId(fan.id), amountCents: 101 },
        ],
      }),
    ).rejects.toThrow();
    expect(await balance(fan.id)).toBe(0);
  });

  it('keeps entries and transfers append-only, and refuses unbalanced entries written directly', async () => {
    const fan = await seedUser(database.db);
    await seedTokens(database.db, fan.id, 100);
    await expect(database.db.execute(sql`update ledger_entries set amount_cents = amount_cents * 2`)).rejects.toThrow();
    await expect(database.db.execute(sql`delete from ledger_entries`)).rejects.toThrow();
    await expect(database.db.execute(sql`delete from ledger_transfers`)).rejects.toThrow();
    const transfer = randomUUID();
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(
          sql`insert into ledger_transfers (id, kind, idempotency_key) values (${transfer}, 'tip', ${transfer})`,
        );
        await tx.execute(
          sql`insert into ledger_entries (transfer_id, account_id, amount_cents) values (${transfer}, 'platform:revenue', 5)`,
        );
      }),
    ).rejects.toMatchObject({ cause: { message: expect.stringMatching(/does not sum to zero/) } });
  });

  it('refuses to set a wallet below zero even by a direct update', async () => {
    const fan = await seedUser(database.db);
    await seedTokens(database.db, fan.id, 100);
    await expect(
      database.db.execute(sql`update ledger_accounts set balance_cents = -1 where id = ${walletAccountId(fan.id)}`),
    ).rejects.toThrow();
  });

  it('closes only an empty wallet, and then refuses to credit it', async () => {
    const fan = await seedUser(database.db);
    const deleted = await seedUser(database.db);
    await seedTokens(database.db, fan.id, 500);
    await pay(fan.id, deleted.id, 100);
    expect(await closeWallet(database.db, deleted.id)).toEqual({ isClosed: false, balanceCents: 100 });
    await pay(deleted.id, fan.id, 100);
    expect(await closeWallet(database.db, deleted.id)).toEqual({ isClosed: true, balanceCents: 0 });
    const error = await pay(fan.id, deleted.id, 50).catch((err: unknown) => err);
    expect(isClosedWallet(error)).toBe(true);
    expect(await balance(fan.id)).toBe(500);
    expect(await balance(deleted.id)).toBe(0);
    // A user who never had a wallet gets a closed, empty one.
    const never = await seedUser(database.db);
    expect(await closeWallet(database.db, never.id)).toEqual({ isClosed: true, balanceCents: 0 });
    expect(isClosedWallet(await pay(fan.id, never.id, 1).catch((err: unknown) => err))).toBe(true);
  });

  it.skipIf(kind !== 'postgres')(
    'never overdraws a wallet under 50 parallel debits that together exceed it',
    async () => {
      const fan = await seedUser(database.db);
      const creators = await Promise.all(Array.from({ length: 5 }, () => seedUser(database.db)));
      await seedTokens(database.db, fan.id, 1000);
      const results = await Promise.allSettled(
        Array.from({ length: 50 }, (_, i) => pay(fan.id, (creators[i % 5] as { id: string }).id, 70)),
      );
      const succeeded = results.filter((r) => r.status === 'fulfilled').length;
      expect(succeeded).toBe(14);
      for (const r of results) if (r.status === 'rejected') expect(isInsufficientBalance(r.reason)).toBe(true);
      expect(await balance(fan.id)).toBe(1000 - 14 * 70);
    },
  );

  it('reconciles: every transfer sums to zero and every cached balance equals its entries', async () => {
    expect(await reconcile(database.db)).toEqual({ isOk: true, lines: ['ok'] });
  });
});

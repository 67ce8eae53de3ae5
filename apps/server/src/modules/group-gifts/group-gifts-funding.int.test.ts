import { GROUP_GIFT_MESSAGES } from '@sweetwish/shared/group-gifts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseKinds } from '../../../test/databases';
import { seedEarnings, seedTokens, seedUser } from '../../../test/seed';
import { queryRows } from '../../db/client';
import { AppError } from '../../errors';
import { createConversation } from '../conversations/service';
import { useGroupGiftsSuite } from './group-gifts-fixtures';
import { contribute } from './service';

describe.each(databaseKinds())('group gifts: funding and giving back on %s', (kind) => {
  const suite = useGroupGiftsSuite(kind);
  const { newUser, request, progressOf, balances, groupGift, booksBalance } = suite;

  it('100 fans at once never over-fund it; the contribution completing it grants it exactly once', async () => {
    const creator = await seedUser(suite.database.db);
    const wish = await groupGift(creator.id, 150);
    expect(wish.allowRepeatPurchases).toBe(false);
    const fans = await Promise.all(
      Array.from({ length: 100 }, async () => {
        const fan = await seedUser(suite.database.db);
        await seedTokens(suite.database.db, fan.id, 500);
        return fan;
      }),
    );
    const results = await Promise.allSettled(
      fans.map((fan) => contribute(suite.database.db, fan.id, wish.id, { amount: 2, isAnonymous: false })),
    );
    const paid = results.flatMap((r, i) => (r.status === 'fulfilled' ? [{ fan: fans[i], result: r.value }] : []));
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as AppError] : []));
    expect(paid).toHaveLength(75);
    expect(paid.filter((p) => p.result.isGranted)).toHaveLength(1);
    for (const err of refused) {
      expect(err).toBeInstanceOf(AppError);
      expect(err.message).toBe(GROUP_GIFT_MESSAGES.funded);
    }
    // Refused fans paid nothing; each contributor paid exactly 2 tokens.
    for (const [i, r] of results.entries()) {
      const fan = fans[i];
      if (!fan) continue;
      expect((await balances(fan.id)).boughtCents).toBe(r.status === 'fulfilled' ? 300 : 500);
    }

    const progress = await progressOf(wish.id);
    expect(progress).toMatchObject({ fundedCents: 15_000, costCents: 15_000, isFunded: true, contributorCount: 75 });
    const purchases = await queryRows<{ buyer_id: string; cost_cents: string; id: string }>(
      suite.database.db,
      sql`select id, buyer_id, cost_cents from purchases where product_id = ${wish.id}`,
    );
    expect(purchases).toHaveLength(75);
    expect(new Set(purchases.map((p) => p.buyer_id))).toEqual(new Set(paid.map((p) => p.fan?.id)));
    const notifications = await queryRows<{ kind: string }>(
      suite.database.db,
      sql`select kind from notifications where user_id = ${creator.id}`,
    );
    expect(notifications).toEqual([{ kind: 'group_gift' }]);
    // The creator earned the whole price under the usual split: 80% pending.
    expect(await balances(creator.id)).toMatchObject({ pendingCents: 12_000, boughtCents: 0 });
    // Each contributor gets a conversation with the creator, as for a purchase.
    const conversations = await Promise.all(
      purchases.map((p) =>
        createConversation(suite.database.db, p.buyer_id, { type: 'purchase', purchaseId: p.id }).then(
          (c) => c.conversationId,
        ),
      ),
    );
    expect(new Set(conversations).size).toBe(75);
    await booksBalance();
  }, 120_000);

  it('archiving an unfunded group gift returns every contribution as the kind it was paid with', async () => {
    const creator = await newUser();
    const wish = await groupGift(creator.id, 100);
    const buyer = await seedUser(suite.database.db);
    await seedTokens(suite.database.db, buyer.id, 3000);
    const earner = await seedUser(suite.database.db);
    await seedEarnings(suite.database.db, earner.id, 4000);
    await contribute(suite.database.db, buyer.id, wish.id, { amount: 30, isAnonymous: false });
    await contribute(suite.database.db, earner.id, wish.id, { amount: 40, isAnonymous: true });
    expect(await balances(buyer.id)).toMatchObject({ boughtCents: 0, availableCents: 0 });
    expect(await balances(earner.id)).toMatchObject({ boughtCents: 0, availableCents: 0 });
    expect((await progressOf(wish.id)).fundedCents).toBe(7000);

    const archived = await request(creator, 'PATCH', `/wishes/${wish.id}`, { archived: true });
    expect(archived.status).toBe(200);
    expect(await balances(buyer.id)).toMatchObject({ boughtCents: 3000, availableCents: 0, pendingCents: 0 });
    expect(await balances(earner.id)).toMatchObject({ boughtCents: 0, availableCents: 4000, pendingCents: 0 });
    expect(await progressOf(wish.id)).toMatchObject({ fundedCents: 0, contributorCount: 0 });
    // Restored, it starts again from nothing; an archived one takes nothing.
    await expect(contribute(suite.database.db, buyer.id, wish.id, { amount: 1, isAnonymous: false })).rejects.toThrow(
      GROUP_GIFT_MESSAGES.archived,
    );
    await booksBalance();
  });

  it("deleting the creator's account returns every contribution", async () => {
    const creator = await newUser();
    const wish = await groupGift(creator.id, 100);
    const buyer = await seedUser(suite.database.db);
    await seedTokens(suite.database.db, buyer.id, 2000);
    const earner = await seedUser(suite.database.db);
    await seedEarnings(suite.database.db, earner.id, 1500);
    await contribute(suite.database.db, buyer.id, wish.id, { amount: 20, isAnonymous: false });
    await contribute(suite.database.db, earner.id, wish.id, { amount: 15, isAnonymous: false });
    expect((await request(creator, 'POST', '/account/delete', { isConfirmed: true })).status).toBe(204);
    expect(await balances(buyer.id)).toMatchObject({ boughtCents: 2000, availableCents: 0 });
    expect(await balances(earner.id)).toMatchObject({ boughtCents: 0, availableCents: 1500 });
    await booksBalance();
  });

  it("deleting a contributor's account returns their contribution to their wallet first", async () => {
    const creator = await seedUser(suite.database.db);
    const wish = await groupGift(creator.id, 100);
    const fan = await newUser({ tokens: 20 });
    expect((await request(fan, 'POST', `/wishes/${wish.id}/contributions`, { amount: 20 })).status).toBe(201);
    // The 20 bought tokens came back to the wallet: deleting gives them up only when named (decision 017).
    expect((await request(fan, 'POST', '/account/delete', { isConfirmed: true })).status).toBe(409);
    expect((await progressOf(wish.id)).fundedCents).toBe(2000);
    const deleted = await request(fan, 'POST', '/account/delete', { isConfirmed: true, forfeitCents: 2000 });
    expect(deleted.status).toBe(204);
    expect(await progressOf(wish.id)).toMatchObject({ fundedCents: 0, contributorCount: 0 });
    await booksBalance();
  });

  it('a fan takes a contribution back, unless the creator turned it off or it is funded', async () => {
    const creator = await newUser();
    const fan = await newUser({ tokens: 200 });
    const wish = await groupGift(creator.id, 50);
    const res = await request(fan, 'POST', `/wishes/${wish.id}/contributions`, { amount: 10 });
    expect(res.status).toBe(201);
    const { contributionId } = (await res.json()) as { contributionId: string };
    expect((await progressOf(wish.id, fan)).own).toEqual([
      expect.objectContaining({ id: contributionId, amountCents: 1000, status: 'held', canTakeBack: true }),
    ]);
    // Nobody else takes it back.
    const other = await newUser({ tokens: 10 });
    expect((await request(other, 'POST', `/contributions/${contributionId}/take-back`)).status).toBe(404);

    expect((await request(fan, 'POST', `/contributions/${contributionId}/take-back`)).status).toBe(200);
    expect((await balances(fan.id)).boughtCents).toBe(20_000);
    // The tokens are back in the top-up's own lot (a refund of it finds them), not in a lot of their own.
    const lots = await queryRows<{ remaining_cents: string }>(
      suite.database.db,
      sql`select remaining_cents from token_lots where user_id = ${fan.id} and kind = 'bought' order by id`,
    );
    expect(lots.map((l) => Number(l.remaining_cents))).toEqual([20_000, 0]);
    expect((await progressOf(wish.id)).fundedCents).toBe(0);

    // Turned off by the creator: refused, nothing changes.
    const second = (await (await request(fan, 'POST', `/wishes/${wish.id}/contributions`, { amount: 5 })).json()) as {
      contributionId: string;
    };
    expect((await request(creator, 'PATCH', `/wishes/${wish.id}`, { allowTakeBack: false })).status).toBe(200);
    const off = await request(fan, 'POST', `/contributions/${second.contributionId}/take-back`);
    expect(off.status).toBe(403);
    expect(((await off.json()) as { error: { message: string } }).error.message).toBe(GROUP_GIFT_MESSAGES.takeBackOff);
    expect((await balances(fan.id)).boughtCents).toBe(19_500);

    // Funded: refused.
    expect((await request(creator, 'PATCH', `/wishes/${wish.id}`, { allowTakeBack: true })).status).toBe(200);
    const done = await request(fan, 'POST', `/wishes/${wish.id}/contributions`, { amount: 45 });
    expect(((await done.json()) as { isGranted: boolean }).isGranted).toBe(true);
    const funded = await request(fan, 'POST', `/contributions/${second.contributionId}/take-back`);
    expect(funded.status).toBe(409);
    expect((await balances(fan.id)).boughtCents).toBe(15_000);
    await booksBalance();
  });
});

import type { splitGift } from '@sweetwish/shared/money';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { PLATFORM_ACCOUNTS } from '../src/modules/ledger/accounts';
import { postTransfer } from '../src/modules/ledger/postings';

/** A purchase row written as post_gifts() would, but at a past time: its transfer pays the platform only. */
export async function insertPastPurchase(db: Database, row: Record<string, unknown>, createdAt: Date) {
  const transferId = await postTransfer(db, {
    kind: 'tip',
    idempotencyKey: `past:${row.id}`,
    entries: [
      { accountId: PLATFORM_ACCOUNTS.card, amountCents: -1 },
      { accountId: PLATFORM_ACCOUNTS.revenue, amountCents: 1 },
    ],
  });
  const p = row as { id: string; type: string; buyerId: string; sellerId: string; productId: string | null };
  const split = row.split as ReturnType<typeof splitGift>;
  await db.execute(sql`
    insert into purchases (id, type, buyer_id, seller_id, product_id, product_name, cost_cents, recipient_cents,
      affiliate_id, affiliate_cents, platform_cents, processing_cents, is_anonymous, transfer_id, created_at)
    values (${p.id}, ${p.type}, ${p.buyerId}, ${p.sellerId}, ${p.productId}, ${p.productId ? 'Wish' : null},
      ${split.grossCents}, ${split.recipientCents}, ${(row.affiliateId as string | undefined) ?? null},
      ${split.affiliateCents}, ${split.platformCents}, ${split.processingCents}, ${row.isAnonymous as boolean},
      ${transferId ?? null}, ${createdAt.toISOString()})`);
}

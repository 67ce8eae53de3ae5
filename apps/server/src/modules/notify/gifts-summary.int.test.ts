import { tokensToCents } from '@sweetwish/shared/money';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import { seedTokens, seedUser, tipPosting } from '../../../test/seed';
import { type DatabaseHandle, queryRows } from '../../db/client';
import { postGifts } from '../gifts/repo';
import { closeGiftsSummary } from './repo';

// Two transactions at once need two connections: PostgreSQL only (PGlite has one).
describe.skipIf(!databaseKinds().includes('postgres'))('a gifts summary on postgres', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openFreshDatabase('postgres');
    await database.migrate();
  });
  afterAll(() => database.close());

  it('closes after a gift being posted commits, and counts it (decision 038)', async () => {
    const { db } = database;
    const creator = await seedUser(db);
    const fan = await seedUser(db);
    await seedTokens(db, fan.id, tokensToCents(10));
    expect(await postGifts(db, [tipPosting(fan.id, creator.id)])).toEqual(['ok']);
    const [summary] = await queryRows<{ id: number }>(
      db,
      sql`insert into notifications (user_id, kind, gift_seq_after, not_before)
          values (${creator.id}, 'gifts_summary', 1, now()) returning id`,
    );

    // A second gift is numbered but not committed yet.
    let commit = () => {};
    const held = new Promise<void>((resolve) => {
      commit = resolve;
    });
    let numbered = () => {};
    const isNumbered = new Promise<void>((resolve) => {
      numbered = resolve;
    });
    const posting = db.transaction(async (tx) => {
      expect(await postGifts(tx, [tipPosting(fan.id, creator.id)])).toEqual(['ok']);
      numbered();
      await held;
    });
    await isNumbered;

    let isClosed = false;
    const closing = closeGiftsSummary(db, summary?.id ?? 0, creator.id).then((facts) => {
      isClosed = true;
      return facts;
    });
    // It waits for the gift's commit (however long it is given); without the lock it would close at once, on 0 gifts.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(isClosed).toBe(false);
    commit();
    await posting;
    expect(await closing).toEqual({ count: 1, totalCents: tokensToCents(1) });
  });
});

import { UploadedImage } from '@sweetwish/shared/media';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { databaseKinds } from '../../../test/databases';
import type { ObjectStorage } from '../../adapters/storage/object-storage';
import type { Database } from '../../db/client';
import { createLogger } from '../../logger';
import { createUploadSweeper, sweepUnusedUploads } from '../../use-cases/upload-sweep';
import { HOUR_MS, useImageBoundsSuite } from './image-bounds-fixtures';
import { usedBytes } from './repo';
import { uploads } from './tables';
import { solidImage } from './test-images';

const silentLogger = createLogger('silent');

/** The database, counting the transactions and statements run through it. */
function countingDatabase(db: Database) {
  let count = 0;
  const wrap = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(object, property) {
        const value = Reflect.get(object, property, object) as unknown;
        if (typeof value !== 'function') return value;
        const call = value as (...args: unknown[]) => unknown;
        if (property === 'transaction') {
          return (run: (tx: object) => unknown, config?: unknown) => {
            count++;
            return call.call(object, (tx: object) => run(wrap(tx)), config);
          };
        }
        if (['execute', 'select', 'insert', 'update', 'delete'].includes(String(property))) {
          return (...args: unknown[]) => {
            count++;
            return call.apply(object, args);
          };
        }
        return call.bind(object);
      },
    });
  return { db: wrap(db), statements: () => count };
}

describe.each(databaseKinds())('image processing bounds: the sweep of unused uploads on %s', (kind) => {
  const suite = useImageBoundsSuite(kind);
  const { upload, conversationOf, sendImage } = suite;

  it('removes uploads nothing uses after a day, and keeps photos, banners, wishes, purchases and message images', async () => {
    const creator = await suite.people.newPerson();
    const fan = await suite.people.newPerson({ tokens: 200 });
    const png = await solidImage(400, 300, 'png');
    const uploadUrl = async () => UploadedImage.parse(await suite.people.json(upload(creator, png), 201)).url;
    const photo = await uploadUrl();
    const banner = await uploadUrl();
    const wishImage = await uploadUrl();
    const boughtImage = await uploadUrl();
    const unused = await uploadUrl();
    await suite.people.json(suite.people.patch(creator, '/profile', { photoUrl: photo, bannerUrl: banner }));
    const wish = await suite.people.json<{ id: string }>(
      suite.people.post(creator, '/wishes', { name: 'Roses', cost: 20, image: boughtImage }),
      201,
    );
    await suite.people.json(suite.people.post(fan, '/purchases', { productId: wish.id, sellerId: creator.id }), 201);
    // The purchase keeps the picture it was bought with; the wish shows another now.
    await suite.people.json(suite.people.patch(creator, `/wishes/${wish.id}`, { image: wishImage }));
    const conversationId = await conversationOf(fan);
    const sent = await suite.people.json<{ image: { url: string } }>(sendImage(fan, conversationId, png), 201);
    const isServed = async (url: string) => (await suite.app.request(url)).status === 200;
    const now = Date.now();
    const sweepAt = (offsetMs: number) =>
      sweepUnusedUploads({ db: suite.database.db, storage: suite.storage, now: () => new Date(now + offsetMs) });

    // Within the day of grace nothing goes, used or not.
    await sweepAt(23 * HOUR_MS);
    expect(await isServed(unused)).toBe(true);

    await sweepAt(25 * HOUR_MS);
    expect(await isServed(unused)).toBe(false);
    expect(
      await suite.database.db
        .select()
        .from(uploads)
        .where(eq(uploads.key, unused.slice('/media/'.length))),
    ).toEqual([]);
    for (const url of [photo, banner, wishImage, boughtImage]) expect(await isServed(url), url).toBe(true);
    // The message image and its thumbnail, counted for the fan who sent them.
    const fanFiles = await suite.database.db.select().from(uploads).where(eq(uploads.userId, fan.id));
    expect(fanFiles).toHaveLength(2);
    for (const file of fanFiles) expect(file.key).toMatch(`private/conversations/${conversationId}/`);
    expect((await suite.app.request(sent.image.url, { headers: { Cookie: fan.cookie } })).status).toBe(200);

    // A photo replaced is unused from then on: it goes at the next daily look at it.
    await suite.people.json(suite.people.patch(creator, '/profile', { photoUrl: banner }));
    await sweepAt(26 * HOUR_MS);
    expect(await isServed(photo)).toBe(true);
    await sweepAt(50 * HOUR_MS);
    expect(await isServed(photo)).toBe(false);
    expect(await isServed(banner)).toBe(true);
  });

  it('sweeps quietly: one short transaction when nothing is due, and batches only while they are full', async () => {
    const counted = countingDatabase(suite.database.db);
    const quiet = await sweepUnusedUploads({ db: counted.db, storage: suite.storage, now: () => new Date() });
    expect(quiet).toEqual({ removed: 0, kept: 0, isFull: false });
    expect(counted.statements()).toBeLessThanOrEqual(2);

    const owner = await suite.people.newPerson();
    const due = new Date(Date.now() - HOUR_MS);
    await suite.database.db.insert(uploads).values(
      Array.from({ length: 250 }, (_, i) => ({
        key: `images/users/${owner.id}/old-${i}.jpg`,
        userId: owner.id,
        bytes: 1,
        checkAfter: due,
      })),
    );
    const sweeper = createUploadSweeper({ db: counted.db, storage: suite.storage, logger: silentLogger });
    expect(await sweeper.sweepNow()).toBe(3);
    expect(await usedBytes(suite.database.db, owner.id)).toBe(0);
    const before = counted.statements();
    expect(await sweeper.sweepNow()).toBe(1);
    expect(counted.statements() - before).toBeLessThanOrEqual(2);

    // Started, it waits an hour before its first sweep, on a clock the test moves: nothing has run a moment
    // before the hour (its timer is still the only one pending), and the sweep starts on the hour.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      sweeper.start();
      vi.advanceTimersByTime(HOUR_MS - 1);
      expect(vi.getTimerCount()).toBe(1);
      expect(counted.statements() - before).toBeLessThanOrEqual(2);
      vi.advanceTimersByTime(1);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
    await sweeper.stop();
    expect(counted.statements() - before).toBeGreaterThan(2);
  });

  it.runIf(kind === 'postgres')('lets instances sweep at once, each file removed once', async () => {
    const owner = await suite.people.newPerson();
    const due = new Date(Date.now() - HOUR_MS);
    await suite.database.db.insert(uploads).values(
      Array.from({ length: 150 }, (_, i) => ({
        key: `images/users/${owner.id}/x-${i}.jpg`,
        userId: owner.id,
        bytes: 1,
        checkAfter: due,
      })),
    );
    const deleted: string[] = [];
    const counting: ObjectStorage = { ...suite.storage, delete: async (key) => void deleted.push(key) };

    const [a, b] = await Promise.all([
      sweepUnusedUploads({ db: suite.database.db, storage: counting }),
      sweepUnusedUploads({ db: suite.database.db, storage: counting }),
    ]);

    expect(a.removed + b.removed).toBe(150);
    expect(new Set(deleted).size).toBe(deleted.length);
    expect(deleted.filter((key) => key.includes(owner.id))).toHaveLength(150);
  });
});

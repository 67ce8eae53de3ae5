import {
  IMAGES_BUSY_MESSAGE,
  STORAGE_QUOTA_BYTES,
  STORAGE_QUOTA_MESSAGE,
  UploadedImage,
} from '@sweetwish/shared/media';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app-harness';
import { databaseKinds } from '../../../test/databases';
import { type App, HOUR_MS, useImageBoundsSuite } from './image-bounds-fixtures';
import { createImageJobs, type ImageJobs } from './image-jobs';
import { usedBytes } from './repo';
import { uploads } from './tables';
import { chainedBlurSvg, slowSvg, solidImage } from './test-images';

/**
 * The time limit of the tight jobs: short, but well above starting a worker through tsx on a busy machine
 * (a 400x300 PNG's job once took over 8 s beside the end-to-end suite), and far below drawing slowSvg(40_000)
 * (118 s).
 */
const TIME_LIMIT_MS = 15_000;
/** "At once": well under the 20 s limit of production, even with a worker started through tsx on a busy machine. */
const QUICKLY_MS = 10_000;

/** Waits (without a fixed sleep) until the condition holds. */
async function until(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

type ApiError = { error: { code: string; message: string } };

/** Runs `work` and reports how long it took and how far this process's memory grew meanwhile. */
async function measured<T>(work: () => Promise<T>) {
  const before = process.memoryUsage.rss();
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 20);
  const started = performance.now();
  try {
    const result = await work();
    const endedAt = performance.now();
    return { result, ms: endedAt - started, endedAt, grewBytes: peak - before };
  } finally {
    clearInterval(sampler);
  }
}

describe.each(databaseKinds())('image processing bounds on uploads on %s', (kind) => {
  const suite = useImageBoundsSuite(kind);
  const { upload, conversationOf, sendImage } = suite;

  /** The same app with tight image limits: one job at a time, one waiting, 15 s each. */
  let tightApp: App;
  let images: ImageJobs;

  beforeAll(async () => {
    images = createImageJobs({ concurrency: 1, queueLength: 1, timeoutMs: TIME_LIMIT_MS });
    ({ app: tightApp } = await buildTestApp(suite.database, { images }));
  });

  it('refuses the 300-blur SVG as a banner at once, without the memory it used to take', async () => {
    const person = await suite.people.newPerson();
    const svg = chainedBlurSvg(300);
    expect(svg.byteLength).toBeLessThan(20_000);

    const { result: res, ms, grewBytes } = await measured(async () => upload(person, svg, 'banner'));

    expect(res.status).toBe(400);
    expect(((await res.json()) as ApiError).error.message).toBe('Error uploading file');
    expect(ms).toBeLessThan(QUICKLY_MS);
    expect(grewBytes).toBeLessThan(200 * 1024 * 1024);
  });

  it('refuses the 300-blur SVG as a message image at once, and sends nothing', async () => {
    const fan = await suite.people.newPerson({ tokens: 100 });
    const conversationId = await conversationOf(fan);

    const {
      result: res,
      ms,
      grewBytes,
    } = await measured(async () => sendImage(fan, conversationId, chainedBlurSvg(300)));

    expect(res.status).toBe(400);
    expect(((await res.json()) as ApiError).error.message).toBe('Error uploading file');
    expect(ms).toBeLessThan(QUICKLY_MS);
    expect(grewBytes).toBeLessThan(200 * 1024 * 1024);
    const page = await suite.people.json<{ messages: { type: string }[] }>(
      suite.people.get(fan, `/conversations/${conversationId}/messages`),
    );
    expect(page.messages.map((m) => m.type)).toEqual(['purchase']);
  });

  it('kills an SVG that passes the sanitiser but draws slowly at the time limit, and answers then', async () => {
    const person = await suite.people.newPerson();

    const { result: res, ms } = await measured(async () => upload(person, slowSvg(40_000), 'banner', tightApp));

    expect(res.status).toBe(400);
    expect(((await res.json()) as ApiError).error.message).toBe('Error uploading file');
    expect(ms).toBeGreaterThanOrEqual(TIME_LIMIT_MS - 50);
    expect(ms).toBeLessThan(TIME_LIMIT_MS + 2_000);
    expect(await usedBytes(suite.database.db, person.id)).toBe(0);
  });

  it('runs one job, queues one, and refuses one more at once', async () => {
    const person = await suite.people.newPerson();
    const png = await solidImage(400, 300, 'png');

    const slow = measured(async () => upload(person, slowSvg(40_000), 'wish', tightApp));
    await until(() => images.load().running === 1);
    const queued = measured(async () => upload(person, png, 'wish', tightApp));
    await until(() => images.load().waiting === 1);
    const refused = await measured(async () => upload(person, png, 'wish', tightApp));

    expect(refused.result.status).toBe(429);
    expect(((await refused.result.json()) as ApiError).error).toMatchObject({
      code: 'RATE_LIMITED',
      message: IMAGES_BUSY_MESSAGE,
    });
    expect(refused.ms).toBeLessThan(1_000);
    const [first, second] = await Promise.all([slow, queued]);
    expect(first.result.status).toBe(400);
    expect(second.result.status).toBe(201);
    // The queued one started only when the slow one was killed, so it ended after it. (Their durations say
    // nothing: the queued one began later.)
    expect(second.endedAt).toBeGreaterThan(first.endedAt);
  });

  it('refuses an upload that would pass the storage quota, and stores nothing', async () => {
    const person = await suite.people.newPerson();
    const png = await solidImage(400, 300, 'png');
    const stored = UploadedImage.parse(await (await upload(person, png)).json());
    const [row] = await suite.database.db.select().from(uploads).where(eq(uploads.userId, person.id));
    expect(row).toMatchObject({ key: stored.url.slice('/media/'.length) });
    expect(await usedBytes(suite.database.db, person.id)).toBe(row?.bytes);
    // Files of their own that fill the quota to within a few bytes.
    await suite.database.db.insert(uploads).values({
      key: `images/users/${person.id}/earlier.jpg`,
      userId: person.id,
      bytes: STORAGE_QUOTA_BYTES - (row?.bytes ?? 0) - 10,
      checkAfter: new Date(Date.now() + 1000 * HOUR_MS),
    });

    const res = await upload(person, png);

    expect(res.status).toBe(403);
    expect(((await res.json()) as ApiError).error.message).toBe(STORAGE_QUOTA_MESSAGE);
    expect(await suite.database.db.select().from(uploads).where(eq(uploads.userId, person.id))).toHaveLength(2);
  });
});

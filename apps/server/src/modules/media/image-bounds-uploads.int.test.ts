import {
  IMAGES_BUSY_MESSAGE,
  STORAGE_QUOTA_BYTES,
  STORAGE_QUOTA_MESSAGE,
  UploadedImage,
} from '@sweetwish/shared/media';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_ORIGIN } from '../../../test/app-harness';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import { type Person, peopleOn } from '../../../test/people';
import type { DatabaseHandle } from '../../db/client';
import { createImageJobs, type ImageJobs } from './image-jobs';
import { usedBytes } from './repo';
import { uploads } from './tables';
import { chainedBlurSvg, slowSvg, solidImage } from './test-images';

/** The time limit of the tight jobs: short, but well above starting a worker through tsx on a busy machine. */
const TIME_LIMIT_MS = 8_000;
const HOUR_MS = 60 * 60 * 1000;
/** "At once": well under the 20 s limit of production, even with a worker started through tsx on a busy machine. */
const QUICKLY_MS = 10_000;

/** Waits (without a fixed sleep) until the condition holds. */
async function until(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

const BLURHASH = 'LEHV6nWB2yk8pyo0adR*.7kCMdnjLEHV6nWB';

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
    return { result, ms: performance.now() - started, grewBytes: peak - before };
  } finally {
    clearInterval(sampler);
  }
}

describe.each(databaseKinds())('image processing bounds on uploads on %s', (kind) => {
  let database: DatabaseHandle;
  let app: Awaited<ReturnType<typeof buildTestApp>>['app'];
  /** The same app with tight image limits: one job at a time, one waiting, 8 s each. */
  let tightApp: Awaited<ReturnType<typeof buildTestApp>>['app'];
  let images: ImageJobs;
  let people: ReturnType<typeof peopleOn>;

  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
    ({ app } = await buildTestApp(database));
    images = createImageJobs({ concurrency: 1, queueLength: 1, timeoutMs: TIME_LIMIT_MS });
    ({ app: tightApp } = await buildTestApp(database, { images }));
    people = peopleOn(app, database);
  });
  afterAll(() => database.close());

  function upload(person: Person, bytes: Uint8Array, kind = 'wish', to = app) {
    const form = new FormData();
    form.append('file', new File([new Uint8Array(bytes)], 'upload.svg', { type: 'image/svg+xml' }));
    form.append('kind', kind);
    return to.request('/api/media/images', {
      method: 'POST',
      headers: { Origin: TEST_ORIGIN, Cookie: person.cookie },
      body: form,
    });
  }

  async function conversationOf(fan: Person) {
    const creator = await people.newPerson();
    const { tipId } = await people.json<{ tipId: string }>(
      people.post(fan, '/tips', { recipientId: creator.id, amount: 25, isAnonymous: false }),
      201,
    );
    const { conversationId } = await people.json<{ conversationId: string }>(
      people.post(fan, '/conversations', { type: 'purchase', purchaseId: tipId }),
    );
    return conversationId;
  }

  function sendImage(person: Person, conversationId: string, bytes: Uint8Array) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)]), 'photo.svg');
    form.append('blurhash', BLURHASH);
    return app.request(`/api/conversations/${conversationId}/images`, {
      method: 'POST',
      headers: { Origin: TEST_ORIGIN, Cookie: person.cookie },
      body: form,
    });
  }

  it('refuses the 300-blur SVG as a banner at once, without the memory it used to take', async () => {
    const person = await people.newPerson();
    const svg = chainedBlurSvg(300);
    expect(svg.byteLength).toBeLessThan(20_000);

    const { result: res, ms, grewBytes } = await measured(async () => upload(person, svg, 'banner'));

    expect(res.status).toBe(400);
    expect(((await res.json()) as ApiError).error.message).toBe('Error uploading file');
    expect(ms).toBeLessThan(QUICKLY_MS);
    expect(grewBytes).toBeLessThan(200 * 1024 * 1024);
  });

  it('refuses the 300-blur SVG as a message image at once, and sends nothing', async () => {
    const fan = await people.newPerson({ tokens: 100 });
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
    const page = await people.json<{ messages: { type: string }[] }>(
      people.get(fan, `/conversations/${conversationId}/messages`),
    );
    expect(page.messages.map((m) => m.type)).toEqual(['purchase']);
  });

  it('kills an SVG that passes the sanitiser but draws slowly at the time limit, and answers then', async () => {
    const person = await people.newPerson();

    const { result: res, ms } = await measured(async () => upload(person, slowSvg(40_000), 'banner', tightApp));

    expect(res.status).toBe(400);
    expect(((await res.json()) as ApiError).error.message).toBe('Error uploading file');
    expect(ms).toBeGreaterThanOrEqual(TIME_LIMIT_MS - 50);
    expect(ms).toBeLessThan(TIME_LIMIT_MS + 2_000);
    expect(await usedBytes(database.db, person.id)).toBe(0);
  });

  it('runs one job, queues one, and refuses one more at once', async () => {
    const person = await people.newPerson();
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
    // The queued one started only when the slow one was killed.
    expect(second.ms).toBeGreaterThan(first.ms);
  });

  it('refuses an upload that would pass the storage quota, and stores nothing', async () => {
    const person = await people.newPerson();
    const png = await solidImage(400, 300, 'png');
    const stored = UploadedImage.parse(await (await upload(person, png)).json());
    const [row] = await database.db.select().from(uploads).where(eq(uploads.userId, person.id));
    expect(row).toMatchObject({ key: stored.url.slice('/media/'.length) });
    expect(await usedBytes(database.db, person.id)).toBe(row?.bytes);
    // Files of their own that fill the quota to within a few bytes.
    await database.db.insert(uploads).values({
      key: `images/users/${person.id}/earlier.jpg`,
      userId: person.id,
      bytes: STORAGE_QUOTA_BYTES - (row?.bytes ?? 0) - 10,
      checkAfter: new Date(Date.now() + 1000 * HOUR_MS),
    });

    const res = await upload(person, png);

    expect(res.status).toBe(403);
    expect(((await res.json()) as ApiError).error.message).toBe(STORAGE_QUOTA_MESSAGE);
    expect(await database.db.select().from(uploads).where(eq(uploads.userId, person.id))).toHaveLength(2);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_ORIGIN } from '../../../test/app-harness';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import { type Person, peopleOn } from '../../../test/people';
import type { DatabaseHandle } from '../../db/client';
import { chainedBlurSvg } from './test-images';

const BLURHASH = 'LEHV6nWB2yk8pyo0adR*.7kCMdnjLEHV6nWB';

type ApiError = { error: { code: string; message: string } };

/** Runs `work` and reports how long it took and how far this process's memory grew meanwhile. */
async function measured<T>(work: () => Promise<T> | T) {
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

describe.each(databaseKinds())('image processing bounds on %s', (kind) => {
  let database: DatabaseHandle;
  let app: Awaited<ReturnType<typeof buildTestApp>>['app'];
  let people: ReturnType<typeof peopleOn>;

  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
    ({ app } = await buildTestApp(database));
    people = peopleOn(app, database);
  });
  afterAll(() => database.close());

  function uploadBanner(person: Person, bytes: Uint8Array) {
    const form = new FormData();
    form.append('file', new File([new Uint8Array(bytes)], 'banner.svg', { type: 'image/svg+xml' }));
    form.append('kind', 'banner');
    return app.request('/api/media/images', {
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

    const { result: res, ms, grewBytes } = await measured(() => uploadBanner(person, svg));

    expect(res.status).toBe(400);
    expect(((await res.json()) as ApiError).error.message).toBe('Error uploading file');
    expect(ms).toBeLessThan(5_000);
    expect(grewBytes).toBeLessThan(200 * 1024 * 1024);
  });

  it('refuses the 300-blur SVG as a message image at once, and sends nothing', async () => {
    const fan = await people.newPerson({ tokens: 100 });
    const conversationId = await conversationOf(fan);

    const { result: res, ms, grewBytes } = await measured(() => sendImage(fan, conversationId, chainedBlurSvg(300)));

    expect(res.status).toBe(400);
    expect(((await res.json()) as ApiError).error.message).toBe('Error uploading file');
    expect(ms).toBeLessThan(5_000);
    expect(grewBytes).toBeLessThan(200 * 1024 * 1024);
    const page = await people.json<{ messages: { type: string }[] }>(
      people.get(fan, `/conversations/${conversationId}/messages`),
    );
    expect(page.messages.map((m) => m.type)).toEqual(['purchase']);
  });
});

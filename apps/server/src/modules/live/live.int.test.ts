import { getEventListeners } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, jsonHeaders } from '../../../test/app-harness';
import { createFreshPostgresDatabase, databaseKinds, openFreshDatabase } from '../../../test/databases';
import { seedTokens } from '../../../test/seed';
import { completeProfile, me, signInByPhone } from '../../../test/sign-in-helpers';
import { readEvents, readTopics, settleChanges } from '../../../test/sse';
import { type DatabaseHandle, openPostgres } from '../../db/client';

type App = Awaited<ReturnType<typeof buildTestApp>>['app'];

async function creatorAndFan(app: App, database: DatabaseHandle) {
  const users: { id: string; cookie: string }[] = [];
  for (const name of ['live_c', 'live_f']) {
    const cookie = await signInByPhone(app);
    await completeProfile(app, cookie, { handle: `${name}${Date.now().toString(36)}`, displayName: 'Live Person' });
    users.push({ cookie, id: ((await (await me(app, cookie)).json()) as { id: string }).id });
  }
  const [creator, fan] = users as [{ id: string; cookie: string }, { id: string; cookie: string }];
  await seedTokens(database.db, fan.id, 1000);
  return { creator, fan };
}

describe.each(databaseKinds())('live updates on %s', (kind) => {
  let database: DatabaseHandle;
  let app: App;
  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
    app = (await buildTestApp(database)).app;
  });
  afterAll(() => database.close());

  it('tells a signed-in user, and only them, that their wallet and received items changed', async () => {
    const { creator, fan } = await creatorAndFan(app, database);
    const stranger = await signInByPhone(app);
    expect((await app.request('/api/events')).status).toBe(401);
    const creatorStream = await app.request('/api/events', { headers: { Cookie: creator.cookie } });
    const strangerStream = await app.request('/api/events', { headers: { Cookie: stranger } });
    expect(creatorStream.headers.get('content-type')).toContain('text/event-stream');
    await app.request('/api/tips', {
      method: 'POST',
      headers: jsonHeaders({ cookie: fan.cookie }),
      body: JSON.stringify({ recipientId: creator.id, amount: 2 }),
    });
    expect((await readTopics(creatorStream, 2)).sort()).toEqual(['received', 'wallet']);
    expect(await readTopics(strangerStream, 1, 500)).toEqual([]);
  });

  it('forgets a stream that ended: nothing of it stays waiting for the shutdown', async () => {
    const shutdown = new AbortController();
    const own = (await buildTestApp(database, { shutdown: shutdown.signal })).app;
    const cookie = await signInByPhone(own);
    const streams = await Promise.all([1, 2, 3].map(() => own.request('/api/events', { headers: { Cookie: cookie } })));
    await Promise.all(streams.map((res) => readTopics(res, 1, 200)));
    await until(() => getEventListeners(shutdown.signal, 'abort').length === 0);
    expect(getEventListeners(shutdown.signal, 'abort')).toHaveLength(0);
  });
});

async function until(check: () => boolean, ms = 5000) {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
}

describe.skipIf(!databaseKinds().includes('postgres'))('live updates across two server instances', () => {
  const handles: DatabaseHandle[] = [];
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const fresh = await createFreshPostgresDatabase();
    drop = fresh.drop;
    for (let i = 0; i < 2; i++) handles.push(await openPostgres(fresh.url));
    await handles[0]?.migrate();
  });
  afterAll(async () => {
    for (const handle of handles) await handle.close();
    await drop();
  });

  it('reaches a user connected to one instance when the tip went through the other', async () => {
    const [a, b] = handles as [DatabaseHandle, DatabaseHandle];
    const writer = (await buildTestApp(a)).app;
    const { app: reader } = await buildTestApp(b);
    const { creator, fan } = await creatorAndFan(writer, a);
    const stream = await reader.request('/api/events', { headers: { Cookie: creator.cookie } });
    await writer.request('/api/tips', {
      method: 'POST',
      headers: jsonHeaders({ cookie: fan.cookie }),
      body: JSON.stringify({ recipientId: creator.id, amount: 2 }),
    });
    expect((await readTopics(stream, 2)).sort()).toEqual(['received', 'wallet']);
  });

  it('brings a message sent through one instance to the other participant on the other', async () => {
    const [a, b] = handles as [DatabaseHandle, DatabaseHandle];
    const writer = (await buildTestApp(a)).app;
    const { app: reader, changes: readerChanges } = await buildTestApp(b);
    const { creator, fan } = await creatorAndFan(writer, a);
    const tip = await writer.request('/api/tips', {
      method: 'POST',
      headers: jsonHeaders({ cookie: fan.cookie }),
      body: JSON.stringify({ recipientId: creator.id, amount: 2 }),
    });
    const { tipId } = (await tip.json()) as { tipId: string };
    const opened = await writer.request('/api/conversations', {
      method: 'POST',
      headers: jsonHeaders({ cookie: fan.cookie }),
      body: JSON.stringify({ type: 'purchase', purchaseId: tipId }),
    });
    const { conversationId } = (await opened.json()) as { conversationId: string };
    // The tip's and the opening's own changes are still on their way to the other instance: let them pass first.
    await settleChanges(b.db, readerChanges);
    const stream = await reader.request('/api/events', { headers: { Cookie: creator.cookie } });
    await writer.request(`/api/conversations/${conversationId}/messages`, {
      method: 'POST',
      headers: jsonHeaders({ cookie: fan.cookie }),
      body: JSON.stringify({ type: 'text', content: 'across instances' }),
    });
    expect(await readEvents(stream, 2)).toEqual(
      expect.arrayContaining([
        { topic: 'messages', conversationId },
        { topic: 'conversations', conversationId },
      ]),
    );
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp } from '../../test/app-harness';
import { databaseKinds, openFreshDatabase } from '../../test/databases';
import type { DatabaseHandle } from '../db/client';
import { defineJobKind } from './job-type';
import { enqueueJob } from './repo';

describe.each(databaseKinds())('the development job count on %s', (kind) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
  });
  afterAll(() => database.close());

  const queued = async (app: Awaited<ReturnType<typeof buildTestApp>>['app'], type: string, upTo = '') => {
    const res = await app.request(`/api/dev/jobs?type=${encodeURIComponent(type)}${upTo && `&upTo=${upTo}`}`);
    return { status: res.status, body: (await res.json()) as { queued?: number; newestId?: number } };
  };

  it('counts the jobs of a type due within a minute, of no other type, and none queued after upTo', async () => {
    const { app } = await buildTestApp(database);
    const type = `dev-count-${randomUUID()}`;
    const kind = defineJobKind(type, z.object({}));
    expect((await queued(app, type)).body.queued).toBe(0);
    await enqueueJob(database.db, kind, {}, { delaySeconds: 30 });
    await enqueueJob(database.db, kind, {}, { delaySeconds: 30 });
    await enqueueJob(database.db, defineJobKind(`${type}-other`, z.object({})), {}, { delaySeconds: 30 });
    // Due in an hour (as a creator's gift summary is due in 10 minutes): not something a test waits for.
    await enqueueJob(database.db, kind, {}, { delaySeconds: 3600 });
    const { status, body } = await queued(app, type);
    expect({ status, queued: body.queued }).toEqual({ status: 200, queued: 2 });
    // A job queued after the first read does not count up to it.
    await enqueueJob(database.db, kind, {}, { delaySeconds: 30 });
    expect((await queued(app, type, String(body.newestId))).body.queued).toBe(2);
    expect((await queued(app, type)).body.queued).toBe(3);
    expect((await queued(app, '')).status).toBe(400);
    expect((await queued(app, type, '1; drop table jobs')).status).toBe(400);
  });

  it('answers 404 without the outbox guard, or to another host', async () => {
    const publicAddress = (await buildTestApp(database, { env: { PUBLIC_URL: 'https://sweetwish.app' } })).app;
    expect((await publicAddress.request('https://sweetwish.app/api/dev/jobs?type=notification')).status).toBe(404);
    const local = (await buildTestApp(database)).app;
    expect((await local.request('http://sweetwish.example/api/dev/jobs?type=notification')).status).toBe(404);
  });
});

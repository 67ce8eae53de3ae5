import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, captureLogger } from '../../../test/app-harness';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import { peopleOn } from '../../../test/people';
import { settleChanges } from '../../../test/sse';
import { startChangeFeed } from '../../changes/change-feed';
import { type DatabaseHandle, queryRows } from '../../db/client';
import { createJobRunner, type JobRunner } from '../../jobs/runner';
import { webhookDeliveryJob } from './worker';

describe.each(databaseKinds())('webhooks with nothing to deliver on %s', (kind) => {
  let database: DatabaseHandle;
  let runner: JobRunner;
  const rests: (number | undefined)[] = [];

  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
  });
  afterAll(async () => {
    await runner?.stop();
    await database.close();
  });

  it('records nothing for a creator without endpoints, and the runner sets no timer and sends nothing', async () => {
    const harness = await buildTestApp(database);
    const people = peopleOn(harness.app, database);
    const { logger } = captureLogger();
    const changes = await startChangeFeed(database, logger);
    let sent = 0;
    runner = createJobRunner({
      db: database.db,
      changes,
      logger,
      types: [
        webhookDeliveryJob({
          db: database.db,
          sender: {
            send: async () => {
              sent++;
              return { statusCode: 200, error: null, durationMs: 0, body: '' };
            },
          },
          logger,
        }),
      ],
      onRest: (ms) => rests.push(ms),
    });
    runner.start();
    const fan = await people.newPerson({ tokens: 100 });
    const creator = await people.newPerson();
    await people.json(people.post(fan, '/tips', { recipientId: creator.id, amount: 5 }), 201);
    await settleChanges(database.db, changes);
    const count = async (table: string) =>
      (await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]?.n;
    expect(await count('creator_events')).toBe(0);
    expect(await count('webhook_deliveries')).toBe(0);
    expect(
      (
        await queryRows<{ n: number }>(
          database.db,
          sql`select count(*)::int as n from jobs where type = 'webhook-delivery'`,
        )
      )[0]?.n,
    ).toBe(0);
    expect(sent).toBe(0);
    expect(rests.length).toBeGreaterThan(0);
    // Every rest is "until a change comes": no timer, so no statement while idle.
    expect(rests.every((ms) => ms === undefined)).toBe(true);
  });
});

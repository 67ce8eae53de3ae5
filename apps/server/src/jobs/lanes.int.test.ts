import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { captureLogger } from '../../test/app-harness';
import { databaseKinds, openFreshDatabase } from '../../test/databases';
import { type ChangeFeed, startChangeFeed } from '../changes/change-feed';
import { type DatabaseHandle, queryRows } from '../db/client';
import { defineJobKind, type JobType } from './job-type';
import type { LaneLimits } from './lane-limits';
import { enqueueJob } from './repo';
import { createJobRunner, type JobRunner } from './runner';

const Payload = z.object({ n: z.number().int(), group: z.string().nullable(), tenant: z.string().nullable() });
type Payload = z.infer<typeof Payload>;

async function until(check: () => Promise<boolean> | boolean, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

// A lane of the job runner (decision 055): a pool of jobs at once, a cap per group, a time budget per tenant.
describe.each(databaseKinds())('a lane of the job runner on %s', (kind) => {
  let database: DatabaseHandle;
  let changes: ChangeFeed;
  const runners: JobRunner[] = [];

  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
    changes = await startChangeFeed(database, captureLogger().logger);
  });
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((runner) => runner.stop()));
  });
  afterAll(async () => {
    await database.close();
  });

  function jobType(handle: (payload: Payload) => Promise<void>): JobType<Payload> {
    return {
      kind: defineJobKind(`test-${randomUUID()}`, Payload),
      handle: async (payload) => {
        await handle(payload);
        return undefined;
      },
      retry: { maxAttempts: 1, firstSeconds: 1, factor: 2, maxSeconds: 1 },
      leaseSeconds: 60,
    };
  }

  function startLane(
    type: JobType<Payload>,
    options: { concurrency: number; limits?: LaneLimits; onRest?: (ms: number | undefined) => void },
  ) {
    const runner = createJobRunner({
      db: database.db,
      changes,
      logger: captureLogger().logger,
      types: [type],
      ...options,
    });
    runners.push(runner);
    runner.start();
    return runner;
  }

  const enqueue = (type: JobType<Payload>, payload: Payload) =>
    enqueueJob(database.db, type.kind, payload, {
      groupKey: payload.group ?? undefined,
      tenantKey: payload.tenant ?? undefined,
    });
  const pending = async (type: JobType<Payload>) =>
    (
      await queryRows<{ n: number }>(
        database.db,
        sql`select (payload->>'n')::int as n from jobs where type = ${type.kind.name} order by id`,
      )
    ).map((row) => row.n);

  it('runs up to its pool at once, never two jobs of one group', async () => {
    const underWay = new Map<string, number>();
    let most = 0;
    let mostOfOneGroup = 0;
    let total = 0;
    const ran: number[] = [];
    const type = jobType(async ({ n, group }) => {
      const key = group ?? `none-${n}`;
      underWay.set(key, (underWay.get(key) ?? 0) + 1);
      total++;
      most = Math.max(most, total);
      mostOfOneGroup = Math.max(mostOfOneGroup, underWay.get(key) ?? 0);
      await new Promise((r) => setTimeout(r, 40));
      underWay.set(key, (underWay.get(key) ?? 1) - 1);
      total--;
      ran.push(n);
    });
    for (let n = 0; n < 16; n++) {
      await enqueue(type, { n, group: n < 12 ? `endpoint-${n % 2}` : null, tenant: null });
    }
    startLane(type, { concurrency: 3, limits: { perGroup: 1 } });
    await until(async () => (await pending(type)).length === 0);
    expect(ran.toSorted((a, b) => a - b)).toEqual(Array.from({ length: 16 }, (_, n) => n));
    expect(most).toBe(3);
    expect(mostOfOneGroup).toBe(1);
  });

  it('leaves a tenant that used its time budget waiting while other tenants’ jobs run, and rests till then', async () => {
    const ran: string[] = [];
    const type = jobType(async ({ n, tenant }) => {
      ran.push(`${tenant}:${n}`);
      if (tenant === 'slow') await new Promise((r) => setTimeout(r, 120));
    });
    for (let n = 0; n < 5; n++) await enqueue(type, { n, group: `slow-${n}`, tenant: 'slow' });
    const rests: (number | undefined)[] = [];
    startLane(type, {
      concurrency: 1,
      limits: { tenantBudget: { ms: 100, windowMs: 60_000 } },
      onRest: (ms) => rests.push(ms),
    });
    await until(() => ran.length === 1);
    for (let n = 0; n < 3; n++) await enqueue(type, { n, group: `quick-${n}`, tenant: 'quick' });
    await until(() => ran.length === 4);
    await until(() => rests.length > 0);
    // The slow tenant's first job used its budget: the rest of its jobs wait for the next window.
    expect(ran).toEqual(['slow:0', 'quick:0', 'quick:1', 'quick:2']);
    expect(await pending(type)).toEqual([1, 2, 3, 4]);
    // It sleeps until the window ends (not a busy loop over jobs it may not take).
    expect(rests.at(-1)).toBeGreaterThan(50_000);
    expect(rests.at(-1)).toBeLessThanOrEqual(60_000);
  });
});

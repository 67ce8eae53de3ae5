import type { Insights } from '@sweetwish/shared/insights';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, captureLogger } from '../../../test/app-harness';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import { type Person, peopleOn } from '../../../test/people';
import { notifyChange, startChangeFeed } from '../../changes/change-feed';
import { type DatabaseHandle, queryRows } from '../../db/client';
import { claimNextJob, finishJob } from '../../jobs/repo';
import { createJobRunner, type JobRunner } from '../../jobs/runner';
import { addMonths } from './local-days';
import { ALL_TIME, findTopSupporters, topSupportersJob, topSupportersJobKind } from './top-supporters';

describe.each(databaseKinds())('the kept top supporters on %s', (kind) => {
  let database: DatabaseHandle;
  let people: ReturnType<typeof peopleOn>;
  const runners: JobRunner[] = [];

  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
    people = peopleOn((await buildTestApp(database)).app, database);
  });
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((runner) => runner.stop()));
  });
  afterAll(() => database.close());

  const tip = (fan: Person, creator: Person, amount: number) =>
    people.json(people.post(fan, '/tips', { recipientId: creator.id, amount }), 201);
  const topOf = async (creator: Person, range: '12m' | 'all') =>
    (await people.json<Insights>(people.get(creator, `/insights?range=${range}&tz=UTC`))).supporters.top.map((s) => [
      s.person.id,
      s.cents,
    ]);
  /** The top supporters of 12 months and of all time, which are the same here. */
  const tops = async (creator: Person) => {
    const year = await topOf(creator, '12m');
    expect(await topOf(creator, 'all')).toEqual(year);
    return year;
  };
  const refreshJobs = (creator: Person) =>
    queryRows<{ status: string; key: string | null; seconds_away: number }>(
      database.db,
      sql`select status, key, extract(epoch from run_at - created_at)::float8 as seconds_away from jobs
          where type = ${topSupportersJobKind.name} and payload->>'sellerId' = ${creator.id} order by id`,
    );

  async function until(check: () => Promise<boolean>) {
    const deadline = Date.now() + 10_000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('timed out waiting');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  it('reads the kept lists, which their job brings up to date after gifts', async () => {
    const creator = await people.newPerson();
    const [early, late] = await Promise.all([people.newPerson({ tokens: 100 }), people.newPerson({ tokens: 100 })]);
    await tip(early, creator, 10);
    await tip(late, creator, 20);
    // Two gifts, one refresh waiting, half a minute on.
    const [queued, ...more] = await refreshJobs(creator);
    expect(more).toEqual([]);
    expect(queued).toMatchObject({ status: 'pending', key: `${topSupportersJobKind.name}:${creator.id}` });
    expect(queued?.seconds_away).toBe(30);

    // No list kept yet for these 12 months or all time: summed now, and kept.
    expect(await tops(creator)).toEqual([
      [late.id, 2000],
      [early.id, 1000],
    ]);
    await tip(early, creator, 30);
    // Read from the kept lists, which do not hold the newest gift until their refresh runs.
    expect(await tops(creator)).toEqual([
      [late.id, 2000],
      [early.id, 1000],
    ]);

    const changes = await startChangeFeed(database, captureLogger().logger);
    const runner = createJobRunner({
      db: database.db,
      changes,
      logger: captureLogger().logger,
      types: [topSupportersJob({ db: database.db })],
    });
    runners.push(runner);
    runner.start();
    // Half a minute passes.
    await database.db.execute(sql`update jobs set run_at = now() where type = ${topSupportersJobKind.name}`);
    await notifyChange(database.db, { topic: 'jobs' });
    await until(async () => (await refreshJobs(creator)).length === 0);
    expect(await tops(creator)).toEqual([
      [early.id, 4000],
      [late.id, 2000],
    ]);
  });

  it('refreshes the list a zone in another month than UTC reads, too', async () => {
    const creator = await people.newPerson();
    const fan = await people.newPerson({ tokens: 100 });
    await tip(fan, creator, 10);
    // A zone still in last month (behind UTC on the 1st) reads the 12 months from a month earlier: kept now.
    const thisYear = addMonths(new Date().toISOString().slice(0, 10), -11);
    const lastMonths = addMonths(thisYear, -1);
    await findTopSupporters(database.db, creator.id, lastMonths);
    await tip(fan, creator, 5);
    await topSupportersJob({ db: database.db }).handle({ sellerId: creator.id }, { attempt: 1, isLastAttempt: false });
    const kept = await queryRows<{ window_from: string; supporters: { cents: number }[] }>(
      database.db,
      sql`select to_char(window_from, 'YYYY-MM-DD') as window_from, supporters from insight_top_supporters
          where seller_id = ${creator.id} order by window_from`,
    );
    expect(kept.map((k) => [k.window_from, k.supporters.map((s) => s.cents)])).toEqual([
      [ALL_TIME, [1500]],
      [lastMonths, [1500]],
      [thisYear, [1500]],
    ]);
  });

  it('queues the next refresh for a gift made while one sums', async () => {
    const creator = await people.newPerson();
    const fan = await people.newPerson({ tokens: 100 });
    await tip(fan, creator, 10);
    await database.db.execute(sql`update jobs set run_at = now() where type = ${topSupportersJobKind.name}`);
    const job = await claimNextJob(database.db, {
      runnerId: 'this-test',
      types: [{ name: topSupportersJobKind.name, leaseSeconds: 60 }],
      now: undefined,
    });
    expect(job).toBeDefined();
    await topSupportersJob({ db: database.db }).handle(topSupportersJobKind.payload.parse(job?.payload), {
      attempt: 1,
      isLastAttempt: false,
    });
    // The run has read the sums; this gift comes after, before the run is recorded as done.
    await tip(fan, creator, 5);
    await finishJob(database.db, job?.id as number, 'this-test');
    expect(await refreshJobs(creator)).toEqual([expect.objectContaining({ status: 'pending' })]);
  });
});

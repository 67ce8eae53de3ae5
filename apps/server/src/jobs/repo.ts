import { and, eq, sql } from 'drizzle-orm';
import { notifyChange } from '../changes/change-feed';
import { type Database, queryRows } from '../db/client';
import type { JobKind } from './job-type';
import type { Excluded, JobKeys } from './lane-limits';
import { jobs } from './tables';

/** The database's clock, or a test's: every time a runner compares or writes comes from one of them. */
const timeOf = (now: Date | undefined) => (now ? sql`${now.toISOString()}::timestamptz` : sql`now()`);

/**
 * Queues a job, in the caller's transaction if there is one (so it exists exactly when the work it stands
 * for was committed), and wakes the runners. With a key, a job already queued under it stays as it is.
 * A payload that does not match the kind's schema throws and queues nothing. `runAt`: due then (a time the
 * domain computed, e.g. a subscription's renewal day), instead of `delaySeconds` from now. `groupKey` and
 * `tenantKey` name the group and the tenant the lane's limits count it under (decision 055).
 */
export async function enqueueJob<P>(
  db: Database,
  kind: JobKind<P>,
  payload: P,
  options: { key?: string; delaySeconds?: number; runAt?: Date; groupKey?: string; tenantKey?: string } = {},
): Promise<void> {
  const checked = kind.payload.parse(payload);
  await db
    .insert(jobs)
    .values({
      type: kind.name,
      payload: checked,
      key: options.key,
      groupKey: options.groupKey,
      tenantKey: options.tenantKey,
      runAt: options.runAt ?? sql`now() + make_interval(secs => ${options.delaySeconds ?? 0})`,
    })
    .onConflictDoNothing({ target: jobs.key });
  await notifyChange(db, { topic: 'jobs' });
}

/** Makes the pending job under `key` due at `runAt` at the latest, and wakes the runners when it moved. */
export async function bringJobForward(db: Database, key: string, runAt: Date): Promise<void> {
  const rows = await db
    .update(jobs)
    .set({ runAt })
    .where(and(eq(jobs.key, key), eq(jobs.status, 'pending'), sql`${jobs.runAt} > ${runAt.toISOString()}::timestamptz`))
    .returning({ id: jobs.id });
  if (rows.length > 0) await notifyChange(db, { topic: 'jobs' });
}

export type ClaimedJob = JobKeys & { id: number; type: string; payload: unknown; attempts: number };

const NO_ONE_EXCLUDED: Excluded = { groups: [], tenants: [] };

/** Leaves out the jobs of groups and tenants at their lane's limit (nothing when none is). */
function notExcluded(excluded: Excluded) {
  const list = (values: string[]) =>
    sql.join(
      values.map((value) => sql`${value}`),
      sql`, `,
    );
  return sql.join(
    [
      sql`true`,
      ...(excluded.groups.length > 0 ? [sql`(group_key is null or group_key not in (${list(excluded.groups)}))`] : []),
      ...(excluded.tenants.length > 0
        ? [sql`(tenant_key is null or tenant_key not in (${list(excluded.tenants)}))`]
        : []),
    ],
    sql` and `,
  );
}

/**
 * Lets a running job's key go, so that a change made while it works queues the next run under that key
 * (a job that sums what changed, and must not miss a change made during its sum).
 */
export async function releaseRunningJobKey(db: Database, key: string): Promise<void> {
  await db.execute(sql`update jobs set key = null where key = ${key} and status = 'running'`);
}

/**
 * Takes the next due job of these types for `runnerId` until `leaseSeconds` from now: a pending one whose
 * time came, or a running one whose runner's lease ended (it died or hung). Other runners skip the row
 * while it is being claimed (FOR UPDATE SKIP LOCKED), so no two take the same job. Jobs of `excluded`
 * groups and tenants are left for later (their lane's limits, decision 055).
 */
export async function claimNextJob(
  db: Database,
  options: {
    runnerId: string;
    types: { name: string; leaseSeconds: number }[];
    now: Date | undefined;
    excluded?: Excluded;
  },
): Promise<ClaimedJob | undefined> {
  const now = timeOf(options.now);
  const names = sql.join(
    options.types.map((t) => sql`${t.name}`),
    sql`, `,
  );
  const lease = sql.join(
    options.types.map((t) => sql`when ${t.name} then ${t.leaseSeconds}::float8`),
    sql` `,
  );
  const [row] = await queryRows<ClaimedJob & { id: string }>(
    db,
    sql`update jobs set status = 'running', locked_by = ${options.runnerId}, attempts = attempts + 1,
        locked_until = ${now} + make_interval(secs => case type ${lease} end)
      where id = (
        select id from jobs
        where type in (${names})
          and ((status = 'pending' and run_at <= ${now}) or (status = 'running' and locked_until < ${now}))
          and ${notExcluded(options.excluded ?? NO_ONE_EXCLUDED)}
        order by run_at, id limit 1 for update skip locked)
      returning id, type, payload, attempts, group_key as "groupKey", tenant_key as "tenantKey"`,
  );
  return row && { ...row, id: Number(row.id) };
}

/** Done: the job goes. Nothing happens when this runner no longer holds it (its lease ended and it was taken over). */
export async function finishJob(db: Database, id: number, runnerId: string): Promise<void> {
  await db.delete(jobs).where(and(eq(jobs.id, id), eq(jobs.lockedBy, runnerId), eq(jobs.status, 'running')));
}

/** Back to the queue until `runAt` (a failure's back-off, or a time the handler named). */
export async function rescheduleJob(
  db: Database,
  id: number,
  runnerId: string,
  runAt: { seconds: number; now: Date | undefined } | Date,
  error?: string,
): Promise<void> {
  const at =
    runAt instanceof Date
      ? sql`${runAt.toISOString()}::timestamptz`
      : sql`${timeOf(runAt.now)} + make_interval(secs => ${runAt.seconds})`;
  await db
    .update(jobs)
    .set({ status: 'pending', runAt: at, lockedBy: null, lockedUntil: null, lastError: error?.slice(0, 500) })
    .where(and(eq(jobs.id, id), eq(jobs.lockedBy, runnerId), eq(jobs.status, 'running')));
}

/** Given up: kept as failed, with why. */
export async function giveUpJob(db: Database, id: number, runnerId: string, error: string): Promise<void> {
  await db
    .update(jobs)
    .set({ status: 'failed', lockedBy: null, lockedUntil: null, lastError: error.slice(0, 500) })
    .where(and(eq(jobs.id, id), eq(jobs.lockedBy, runnerId), eq(jobs.status, 'running')));
}

/**
 * Seconds until a job of these types comes due, or a running one's lease ends (it may then be taken over);
 * negative when overdue; null when none waits, so an idle runner sets no timer at all. Jobs of `excluded`
 * groups and tenants do not count: their lane wakes itself when their limit frees.
 */
export async function secondsUntilNextJob(
  db: Database,
  types: string[],
  now: Date | undefined,
  excluded: Excluded = NO_ONE_EXCLUDED,
) {
  const names = sql.join(
    types.map((name) => sql`${name}`),
    sql`, `,
  );
  const [row] = await queryRows<{ seconds: string | null }>(
    db,
    sql`select extract(epoch from least(
          (select min(run_at) from jobs where status = 'pending' and type in (${names})
            and ${notExcluded(excluded)}),
          (select min(locked_until) from jobs where status = 'running' and type in (${names}))
        ) - ${timeOf(now)}) as seconds`,
  );
  return row?.seconds ?? null;
}

/**
 * Jobs of `type` still to run or running, among those queued up to `upTo` (a job id), and the newest
 * job's id: what the end-to-end tests wait on (jobs/dev-routes.ts). A job due more than a minute from now
 * (a creator's gift summary, 10 minutes away: decision 038) is not one a test can wait for, and not counted.
 */
export async function countQueuedJobs(
  db: Database,
  type: string,
  upTo: number | undefined,
): Promise<{ queued: number; newestId: number }> {
  const [row] = await queryRows<{ queued: number; newestId: number }>(
    db,
    sql`select
      (select count(*)::int from jobs where type = ${type} and status in ('pending', 'running')
        and run_at <= now() + interval '1 minute'
        and (${upTo ?? null}::bigint is null or id <= ${upTo ?? null}::bigint)) as queued,
      (select coalesce(max(id), 0)::int from jobs) as "newestId"`,
  );
  return row ?? { queued: 0, newestId: 0 };
}

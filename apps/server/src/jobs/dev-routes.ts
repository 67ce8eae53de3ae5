import { Hono } from 'hono';
import type { Database } from '../db/client';
import type { AppEnv } from '../http/context';
import { errorBody } from '../http/error-handler';
import { localOnly } from '../http/local-request';
import { countQueuedJobs } from './repo';

export const DEV_JOBS_PATH = '/dev/jobs';

/**
 * GET /api/dev/jobs?type=notification[&upTo=<id>] → { queued, newestId }: how many jobs of that type are
 * still to run, among those queued up to job `upTo`. An end-to-end test that must show something was not
 * sent reads `newestId` after the act, then waits for `queued` up to it to reach 0 (the job that would have
 * sent it ran) instead of sleeping past its due time; jobs other tests queue later do not hold it up.
 *
 * Mounted under the outbox's guard (a local adapter on a local address) like the development sign-in, and
 * answering only requests made on this machine (decision 013); not in the OpenAPI document.
 */
export function devJobRoutes(db: Database) {
  const app = new Hono<AppEnv>();
  app.use(DEV_JOBS_PATH, localOnly());
  app.get(DEV_JOBS_PATH, async (c) => {
    const type = c.req.query('type');
    const upTo = c.req.query('upTo');
    if (!type || type.length > 64) return c.json(errorBody('VALIDATION', 'Name a job type'), 400);
    if (upTo !== undefined && !/^\d{1,15}$/.test(upTo)) return c.json(errorBody('VALIDATION', 'upTo is a job id'), 400);
    return c.json(await countQueuedJobs(db, type, upTo === undefined ? undefined : Number(upTo)), 200);
  });
  return app;
}

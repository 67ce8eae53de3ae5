import type { OpenReportPage } from '@sweetwish/shared/safety';
import { SAFETY_MESSAGES } from '@sweetwish/shared/safety-rules';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, jsonHeaders } from '../../../test/app-harness';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import { type Person, peopleOn } from '../../../test/people';
import { signInByEmail, uniqueEmail } from '../../../test/sign-in-helpers';
import type { DatabaseHandle } from '../../db/client';
import { MAX_OPEN_REPORTS_PER_REPORTER } from './reports';

// Issue 46, item 9: 12 accounts on one address filed 100 reports in a minute, and the queue (newest first,
// one entry per report) pushed a real report out of sight. Reports now merge per target, the queue gives
// each reporter's first report a place before anyone's second, and one address files fewer (decision 028).
describe.each(databaseKinds())('report floods on %s', (kind) => {
  let database: DatabaseHandle;
  let people: ReturnType<typeof peopleOn>;
  let app: Awaited<ReturnType<typeof buildTestApp>>['app'];
  let moderator: Person;

  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
    const email = uniqueEmail();
    // The site's own write limits (not raised): they are part of what is tested.
    ({ app } = await buildTestApp(database, { env: { MODERATORS: email } }));
    people = peopleOn(app, database);
    moderator = { id: '', cookie: await signInByEmail(app, email), handle: '', phone: '' };
  });
  afterAll(() => database.close());

  /** A report from a given client address (the flood's accounts share one). */
  const report = (person: Person, ip: string, body: Record<string, unknown>) =>
    app.request('/api/reports', {
      method: 'POST',
      headers: jsonHeaders({ cookie: person.cookie, ip }),
      body: JSON.stringify({ reason: 'spam', ...body }),
    });
  const queue = async (query = '') => people.json<OpenReportPage>(people.get(moderator, `/moderation/reports${query}`));

  it('keeps a real report on the first page when 12 accounts on one address file 100 reports after it', async () => {
    const creator = await people.newPerson();
    const wish = await people.json<{ id: string }>(people.post(creator, '/wishes', { name: 'Fake', cost: 20 }), 201);
    const reporter = await people.newPerson();
    const real = await people.json<{ reportId: string }>(
      report(reporter, '198.51.100.20', { kind: 'wish', targetId: wish.id, reason: 'scam' }),
      201,
    );

    const targets = await Promise.all(Array.from({ length: 9 }, () => people.newPerson()));
    const flooders = await Promise.all(Array.from({ length: 12 }, () => people.newPerson()));
    const answers: number[] = [];
    for (let i = 0; i < 100; i++) {
      const flooder = flooders[i % 12] as Person;
      const target = targets[Math.floor(i / 12)] as Person;
      answers.push((await report(flooder, '203.0.113.66', { kind: 'profile', targetId: target.id })).status);
    }
    const filed = answers.filter((status) => status === 201).length;
    // One address files at most 20 reports a minute; the rest are told to wait.
    expect(filed).toBe(20);
    expect(answers.filter((status) => status === 429)).toHaveLength(80);

    const firstPage = await queue();
    expect(firstPage.items.map((item) => item.targetId)).toContain(wish.id);
    expect(firstPage.items.find((item) => item.targetId === wish.id)).toMatchObject({
      id: real.reportId,
      reportCount: 1,
    });
    // One entry per target, counting its reports.
    const flood = firstPage.items.filter((item) => targets.some((t) => t.id === item.targetId));
    expect(new Set(flood.map((item) => item.targetId)).size).toBe(flood.length);
    expect(flood.reduce((sum, item) => sum + item.reportCount, 0)).toBe(filed);
  });

  it('places every reporter’s first open report before anyone’s second, oldest first, and pages through all', async () => {
    const busy = await people.newPerson();
    const other = await people.newPerson();
    const targets = await Promise.all(Array.from({ length: 5 }, () => people.newPerson()));
    for (const [i, target] of targets.entries()) {
      await people.json(report(busy, `198.51.100.${30 + i}`, { kind: 'profile', targetId: target.id }), 201);
    }
    const late = await people.newPerson();
    await people.json(report(other, '198.51.100.40', { kind: 'profile', targetId: late.id }), 201);
    // Only this test's reports: the first page of the queue, read in pages of 2.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: OpenReportPage = await queue(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.items.map((item) => item.targetId));
      cursor = page.nextCursor;
    } while (cursor);
    const mine = seen.filter((id) => [...targets, late].some((t) => t.id === id));
    expect(mine).toEqual([targets[0]?.id, late.id, ...targets.slice(1).map((t) => t.id)]);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it(`refuses a reporter’s report beyond ${MAX_OPEN_REPORTS_PER_REPORTER} waiting for a moderator`, async () => {
    const reporter = await people.newPerson();
    const target = await people.newPerson();
    await database.db.execute(sql`insert into reports (id, reporter_id, kind, target_id, target_user_id, reason, snapshot)
      select gen_random_uuid()::text, ${reporter.id}, 'profile', 'gone-' || g, ${target.id}, 'spam', '{}'::jsonb
      from generate_series(1, ${MAX_OPEN_REPORTS_PER_REPORTER}) g`);
    const refused = await report(reporter, '198.51.100.50', { kind: 'profile', targetId: target.id });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      SAFETY_MESSAGES.tooManyOpenReports,
    );
  });
});

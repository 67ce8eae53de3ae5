import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, jsonHeaders } from '../../test/app-harness';
import { createFreshPostgresDatabase, databaseKinds, openFreshDatabase } from '../../test/databases';
import { type Person, peopleOn } from '../../test/people';
import { uniqueIp } from '../../test/sign-in-helpers';
import type { DatabaseHandle } from '../db/client';
import { commitsUnflushed, openPostgres, queryRows } from '../db/client';
import { counterKeyOf, type RateLimit } from './rate-limits/service';
import { rateLimitCounters } from './rate-limits/tables';
import { WRITE_POLICY, writeLimitsFor } from './rate-limits/write-policy';

type App = Awaited<ReturnType<typeof buildTestApp>>['app'];

const MINUTE = 60_000;
/** A fixed clock a second into a minute, so no test's counting window can end halfway through it. */
function freezeClockAtMinuteStart() {
  const start = Math.floor(Date.now() / MINUTE) * MINUTE - MINUTE + 1000;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(start);
  return start;
}

/** A request of the given route (`{id}` filled in), from a person (or nobody) at an address. */
function write(app: App, route: string, who: { person?: Person; ip: string }, body: unknown = {}) {
  const [method = '', path = ''] = route.split(' ');
  return app.request(`/api${path.replace(/\{[^}]+\}/g, 'x')}`, {
    method,
    headers: jsonHeaders({ cookie: who.person?.cookie, ip: who.ip }),
    body: JSON.stringify(body),
  });
}

describe.each(databaseKinds())('write limits: how counts are kept on %s', (kind) => {
  let database: DatabaseHandle;
  let app: App;
  let people: ReturnType<typeof peopleOn>;

  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
    ({ app } = await buildTestApp(database));
    people = peopleOn(app, database);
  });
  afterAll(() => database.close());
  beforeEach(() => {
    freezeClockAtMinuteStart();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A fan and a creator with a conversation (through a tip), ready to message each other. */
  async function conversationPair() {
    const fan = await people.newPerson({ tokens: 100 });
    const creator = await people.newPerson();
    const { tipId } = await people.json<{ tipId: string }>(
      people.post(fan, '/tips', { recipientId: creator.id, amount: 25 }),
      201,
    );
    const { conversationId } = await people.json<{ conversationId: string }>(
      people.post(fan, '/conversations', { type: 'purchase', purchaseId: tipId }),
    );
    return { fan, creator, conversationId };
  }

  const sendText = (person: Person, conversationId: string, ip: string, content = 'hello') =>
    write(app, `POST /conversations/${conversationId}/messages`, { person, ip }, { type: 'text', content });

  // Decision 046: a write's count would otherwise wait for a disk flush before the write's own.
  it.skipIf(kind !== 'postgres')(
    'counts on connections whose commits do not wait for the disk, while every other write waits for it',
    async () => {
      const settingOf = async (db: typeof database.db) =>
        (await queryRows<{ synchronous_commit: string }>(db, sql`show synchronous_commit`))[0]?.synchronous_commit;
      expect(await settingOf(database.db)).toBe('on');
      expect(await settingOf(commitsUnflushed(database.db))).toBe('off');

      const countStatements = (db: typeof database.db) => {
        const pool = (db as unknown as { $client: pg.Pool }).$client;
        expect(pool).toBeInstanceOf(pg.Pool);
        return vi.spyOn(pool, 'query');
      };
      const unflushed = countStatements(commitsUnflushed(database.db));
      const flushed = countStatements(database.db);
      const isCount = (call: unknown[]) => JSON.stringify(call[0]).includes('count_rate_limits');
      try {
        const { conversationId, fan } = await conversationPair();
        unflushed.mockClear();
        flushed.mockClear();
        expect((await sendText(fan, conversationId, uniqueIp())).status).toBe(201);
        expect(unflushed.mock.calls.filter(isCount)).toHaveLength(1);
        expect(flushed.mock.calls.filter(isCount)).toHaveLength(0);
      } finally {
        unflushed.mockRestore();
        flushed.mockRestore();
      }
    },
  );

  it.skipIf(kind !== 'postgres')(
    'counts across two server instances on one database, also when both are written to at once',
    async () => {
      const shared = await createFreshPostgresDatabase();
      const handles = [await openPostgres(shared.url), await openPostgres(shared.url)];
      try {
        await handles[0]?.migrate();
        const [a, b] = await Promise.all(handles.map((h) => buildTestApp(h)));
        if (!a || !b) throw new Error('two apps');
        const onA = peopleOn(a.app, handles[0] as DatabaseHandle);
        const fan = await onA.newPerson({ tokens: 100 });
        const creator = await onA.newPerson();
        const { tipId } = await onA.json<{ tipId: string }>(
          onA.post(fan, '/tips', { recipientId: creator.id, amount: 25 }),
          201,
        );
        const { conversationId } = await onA.json<{ conversationId: string }>(
          onA.post(fan, '/conversations', { type: 'purchase', purchaseId: tipId }),
        );
        const ip = uniqueIp();
        const figure = WRITE_POLICY.message.perUser.perMinute;
        const answers = await Promise.all(
          Array.from({ length: figure + 20 }, (_, i) =>
            write(
              i % 2 ? a.app : b.app,
              `POST /conversations/${conversationId}/messages`,
              { person: fan, ip },
              {
                type: 'text',
                content: `m${i}`,
              },
            ),
          ),
        );
        expect(answers.filter((r) => r.status === 201)).toHaveLength(figure);
        expect(answers.filter((r) => r.status === 429)).toHaveLength(20);
        // The refused ones count nowhere, also those that lost the race for the last place after the first
        // check: the day's and the address's counters hold the accepted messages only.
        const counters = await (handles[0] as DatabaseHandle).db.select().from(rateLimitCounters);
        const countOf = (limit: RateLimit) => counters.find((row) => row.key === counterKeyOf(limit))?.count;
        const limits = writeLimitsFor('message', { userId: fan.id, address: ip });
        expect(limits.map(countOf)).toEqual(limits.map(() => figure));
        for (const app of [a.app, b.app]) {
          expect((await write(app, `POST /conversations/${conversationId}/messages`, { person: fan, ip })).status).toBe(
            429,
          );
        }
      } finally {
        for (const h of handles) await h.close();
        await shared.drop();
      }
    },
  );
});

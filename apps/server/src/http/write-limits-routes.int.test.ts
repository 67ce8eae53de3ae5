import type { ApiErrorBody } from '@sweetwish/shared/api-error';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, jsonHeaders } from '../../test/app-harness';
import { databaseKinds, openFreshDatabase } from '../../test/databases';
import { type Person, peopleOn } from '../../test/people';
import { uniqueIp } from '../../test/sign-in-helpers';
import type { DatabaseHandle } from '../db/client';
import { LOGGED_REPORT_CHARS } from '../modules/client-errors/routes';
import { counterKeyOf, type RateLimit } from './rate-limits/service';
import { rateLimitCounters } from './rate-limits/tables';
import { EXEMPT_WRITES, WRITE_POLICY, type WriteKind, writeLimitsFor } from './rate-limits/write-policy';

type App = Awaited<ReturnType<typeof buildTestApp>>['app'];

const MINUTE = 60_000;
/** A fixed clock a second into a minute, so no test's counting window can end halfway through it. */
function freezeClockAtMinuteStart() {
  const start = Math.floor(Date.now() / MINUTE) * MINUTE - MINUTE + 1000;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(start);
  return start;
}

async function errorOf(res: Response) {
  return ((await res.json()) as ApiErrorBody).error;
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

/** A sample write of each kind (the "other" kind has no routes of its own). */
function sampleRoute(kind: WriteKind): string {
  return WRITE_POLICY[kind].routes[0] ?? 'POST /received/{id}/seen';
}

describe.each(databaseKinds())('write limits per route on %s', (kind) => {
  let database: DatabaseHandle;
  let app: App;
  let logLines: Record<string, unknown>[];
  let people: ReturnType<typeof peopleOn>;

  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
    ({ app, logLines } = await buildTestApp(database));
    people = peopleOn(app, database);
  });
  afterAll(() => database.close());
  beforeEach(() => {
    freezeClockAtMinuteStart();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Sets a limit's counter in the current window as if `count` writes had been made. */
  async function fillCounter(limit: RateLimit, count: number) {
    const windowStart = new Date(Math.floor(Date.now() / limit.windowMs) * limit.windowMs);
    await database.db
      .insert(rateLimitCounters)
      .values({ key: counterKeyOf(limit), windowStart, count })
      .onConflictDoUpdate({ target: [rateLimitCounters.key, rateLimitCounters.windowStart], set: { count } });
  }

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

  it(`lets a user send ${WRITE_POLICY.message.perUser.perMinute} messages a minute, refuses the next with 429 and Retry-After, and the refusal sends nothing`, async () => {
    const { fan, creator, conversationId } = await conversationPair();
    const ip = uniqueIp();
    const figure = WRITE_POLICY.message.perUser.perMinute;
    for (let i = 0; i < figure; i++) expect((await sendText(fan, conversationId, ip, `m${i}`)).status).toBe(201);

    const refused = await sendText(fan, conversationId, ip, 'one too many');
    expect(refused.status).toBe(429);
    expect(await errorOf(refused)).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many messages. Please wait a minute and try again.',
    });
    expect(refused.headers.get('retry-after')).toBe('59');
    const page = await people.json<{ messages: { content: string | null }[] }>(
      people.get(creator, `/conversations/${conversationId}/messages?limit=100`),
    );
    expect(page.messages).toHaveLength(figure + 1); // and the purchase message
    expect(page.messages.map((m) => m.content)).not.toContain('one too many');

    // Not the other participant, from the same address: limits are per user.
    expect((await sendText(creator, conversationId, ip)).status).toBe(201);
    // And the next minute, the fan may write again.
    vi.setSystemTime(Date.now() + MINUTE);
    expect((await sendText(fan, conversationId, ip)).status).toBe(201);
  });

  const kinds = Object.keys(WRITE_POLICY) as WriteKind[];
  for (const writeKind of kinds) {
    it(`refuses ${writeKind} writes past each of their limits' figures, per user and per address, with the limit's message`, async () => {
      const person = await people.newPerson();
      const route = sampleRoute(writeKind);
      for (const limit of writeLimitsFor(writeKind, { userId: person.id, address: 'placeholder' })) {
        const ip = uniqueIp();
        // The same limit, keyed by the address this round comes from.
        const [keyed] = writeLimitsFor(writeKind, { userId: person.id, address: ip }).filter(
          (l) => l.windowMs === limit.windowMs && l.key === limit.key.replace('placeholder', ip),
        );
        if (!keyed) throw new Error(`no limit like ${limit.key}`);
        await fillCounter(keyed, keyed.limit - 1);
        const last = await write(app, route, { person, ip });
        expect(last.status, `${keyed.key} ${keyed.windowMs}`).not.toBe(429);
        const refused = await write(app, route, { person, ip });
        expect(refused.status, `${keyed.key} ${keyed.windowMs}`).toBe(429);
        expect(await errorOf(refused)).toEqual({ code: 'RATE_LIMITED', message: keyed.message });
        const retryAfter = Number(refused.headers.get('retry-after'));
        expect(retryAfter).toBeGreaterThan(0);
        expect(retryAfter).toBeLessThanOrEqual(keyed.windowMs / 1000);
        await fillCounter(keyed, 0);
      }
    });
  }

  it('limits signed-out writes per address, and a refused write counts against no other limit', async () => {
    const ip = uniqueIp();
    const figure = WRITE_POLICY.other.perAddress.perMinute;
    const [perMinute] = writeLimitsFor('other', { userId: undefined, address: ip });
    if (!perMinute) throw new Error('no per-address limit');
    await fillCounter(perMinute, figure - 2);
    const signOut = () => write(app, 'POST /auth/sign-out', { ip });
    expect((await signOut()).status).not.toBe(429);
    expect((await signOut()).status).not.toBe(429);
    expect((await signOut()).status).toBe(429);
    expect((await signOut()).status).toBe(429);
    // The two refusals did not count in the address's daily allowance.
    const day = await database.db.select().from(rateLimitCounters);
    const daily = day.find((row) => row.key === `write:other:ip:${ip}:${24 * 60 * MINUTE}`);
    expect(daily?.count).toBe(2);
  });

  it('cuts off a signed-out flood of client error reports, and logs each kept report in bounded size', async () => {
    const ip = uniqueIp();
    const report = (userAgent = 'test') =>
      app.request('/api/client-errors', {
        method: 'POST',
        headers: { ...jsonHeaders({ ip }), 'User-Agent': userAgent },
        body: JSON.stringify({ message: 'm'.repeat(2000), stack: 's'.repeat(10_000), url: 'u'.repeat(2000) }),
      });
    const before = logLines.filter((line) => line.msg === 'client error').length;
    const statuses = [report('x'.repeat(8000))];
    for (let i = 0; i < 39; i++) statuses.push(report());
    const answers = await Promise.all(statuses);
    const kept = WRITE_POLICY.clientError.perAddress.perMinute;
    expect(answers.filter((r) => r.status === 204)).toHaveLength(kept);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(40 - kept);
    const logged = logLines.filter((line) => line.msg === 'client error').slice(before);
    expect(logged).toHaveLength(kept);
    const budget = Object.values(LOGGED_REPORT_CHARS).reduce((sum, n) => sum + n + 1, 0);
    for (const line of logged) {
      const { clientError, userAgent } = line as { clientError: Record<string, string>; userAgent: string };
      const size = Object.values(clientError).join('').length + userAgent.length;
      expect(size).toBeLessThanOrEqual(budget);
    }
    // Another address may still report.
    const other = await app.request('/api/client-errors', {
      method: 'POST',
      headers: jsonHeaders({ ip: uniqueIp() }),
      body: JSON.stringify({ message: 'boom', url: '/x' }),
    });
    expect(other.status).toBe(204);
  });

  it('counts IPv6 clients by their /64', async () => {
    const prefix = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:1`;
    const [perMinute] = writeLimitsFor('clientError', { userId: undefined, address: `${prefix}::/64` });
    if (!perMinute) throw new Error('no per-address limit');
    await fillCounter(perMinute, perMinute.limit - 1);
    const report = (ip: string) =>
      app.request('/api/client-errors', {
        method: 'POST',
        headers: jsonHeaders({ ip }),
        body: JSON.stringify({ message: 'boom', url: '/x' }),
      });
    expect((await report(`${prefix}::1`)).status).toBe(204);
    expect((await report(`${prefix}:aaaa:bbbb:cccc:dddd`)).status).toBe(429);
  });

  it('leaves the card webhook and the sign-in sends to their own limits', async () => {
    for (const route of EXEMPT_WRITES) {
      const ip = uniqueIp();
      for (const limit of writeLimitsFor('other', { userId: undefined, address: ip }))
        await fillCounter(limit, limit.limit);
      expect((await write(app, route, { ip })).status, route).not.toBe(429);
    }
  });

  it('knows every write route it names: a renamed route would silently fall back to the default limits', async () => {
    const doc = (await (await app.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    for (const [writeKind, policy] of Object.entries(WRITE_POLICY)) {
      for (const route of policy.routes) {
        const [method = '', path = ''] = route.split(' ');
        expect(doc.paths[`/api${path}`]?.[method.toLowerCase()], `${writeKind}: ${route}`).toBeDefined();
      }
    }
  });
});

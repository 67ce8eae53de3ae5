import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseKinds } from '../../../test/databases';
import { queryRows } from '../../db/client';
import { pruneLog } from './repo';
import { WEBHOOK_LOG_BODY_CHARS, WEBHOOK_LOG_DAYS, WEBHOOK_LOG_MAX_ROWS } from './retry-schedule';
import { recordCreatorEvent } from './service';

import { type Endpoint, until, useWebhooksSuite } from './webhooks-fixtures';

describe.each(databaseKinds())('webhook endpoints and their log on %s', (kind) => {
  const suite = useWebhooksSuite(kind);
  const { addEndpoint, tip, attempts } = suite;

  it('keeps only the first few hundred characters of an answer, and resends a delivery with the same webhook-id', async () => {
    const fan = await suite.people.newPerson({ tokens: 100 });
    const creator = await suite.people.newPerson();
    const endpoint = await addEndpoint(creator, ['tip.received'], { status: 200, body: 'x'.repeat(20_000) });
    await tip(fan, creator);
    await until(async () => (await attempts(creator, endpoint.id)).attempts.length === 1);
    const [logged] = (await attempts(creator, endpoint.id)).attempts;
    expect(logged?.responseBody).toBe('x'.repeat(WEBHOOK_LOG_BODY_CHARS));
    const resent = await suite.people.post(
      creator,
      `/webhooks/endpoints/${endpoint.id}/deliveries/${logged?.deliveryId}/resend`,
    );
    expect(resent.status).toBe(202);
    await until(() => suite.receiver.to(endpoint.path).length === 2);
    const [first, second] = suite.receiver.to(endpoint.path);
    expect(second?.headers['webhook-id']).toBe(first?.headers['webhook-id']);
    await until(async () => (await attempts(creator, endpoint.id)).attempts.length === 2);
    expect((await attempts(creator, endpoint.id)).attempts.map((a) => a.isResend)).toEqual([true, false]);
  });

  it('keeps each endpoint’s log to the last 30 days and 500 attempts when it records one', async () => {
    const creator = await suite.people.newPerson();
    const endpoint = await addEndpoint(creator, ['goal.reached']);
    await suite.database.db.transaction((tx) => recordCreatorEvent(tx, creator.id, 'goal.reached', { goalId: 'g' }));
    await until(async () => (await attempts(creator, endpoint.id)).attempts.length === 1);
    // 600 recent attempts, then 40 dated long ago (the newest ids, so only their age removes them).
    await suite.database.db.execute(sql`
      insert into webhook_attempts (delivery_id, endpoint_id, at, status_code, is_success, duration_ms)
      select d.id, d.endpoint_id, now() - make_interval(mins => g), 200, true, 5
        from webhook_deliveries d, generate_series(1, 600) g where d.endpoint_id = ${endpoint.id}`);
    await suite.database.db.execute(sql`
      insert into webhook_attempts (delivery_id, endpoint_id, at, status_code, is_success, duration_ms)
      select d.id, d.endpoint_id, now() - make_interval(days => 40 + g), 200, true, 5
        from webhook_deliveries d, generate_series(1, 40) g where d.endpoint_id = ${endpoint.id}`);
    const newest = await queryRows<{ id: number }>(
      suite.database.db,
      sql`select id::int from (select id, at from webhook_attempts where endpoint_id = ${endpoint.id}
        order by id desc limit ${WEBHOOK_LOG_MAX_ROWS}) newest where at >= now() - interval '30 days' order by id desc`,
    );
    await pruneLog(suite.database.db, endpoint.id, new Date(), WEBHOOK_LOG_DAYS, WEBHOOK_LOG_MAX_ROWS);
    const kept = await queryRows<{ id: number; isOld: boolean }>(
      suite.database.db,
      sql`select id::int, at < now() - interval '30 days' as "isOld" from webhook_attempts
        where endpoint_id = ${endpoint.id} order by id desc`,
    );
    expect(kept.map((r) => r.id)).toEqual(newest.map((r) => r.id));
    expect(kept.some((r) => r.isOld)).toBe(false);
  });

  it('lets nobody else see or change an endpoint, its secret, its log or its deliveries', async () => {
    const fan = await suite.people.newPerson({ tokens: 100 });
    const creator = await suite.people.newPerson();
    const stranger = await suite.people.newPerson();
    const endpoint = await addEndpoint(creator, ['tip.received']);
    await tip(fan, creator);
    await until(async () => (await attempts(creator, endpoint.id)).attempts.length === 1);
    const deliveryId = (await attempts(creator, endpoint.id)).attempts[0]?.deliveryId;
    const base = `/webhooks/endpoints/${endpoint.id}`;
    for (const res of [
      await suite.people.get(stranger, `${base}/secret`),
      await suite.people.get(stranger, `${base}/attempts`),
      await suite.people.patch(stranger, base, { url: 'https://attacker.example/hook' }),
      await suite.people.post(stranger, `${base}/secret/roll`),
      await suite.people.post(stranger, `${base}/deliveries/${deliveryId}/resend`),
      await suite.people.delete(stranger, base),
    ]) {
      expect(res.status).toBe(404);
    }
    expect(
      (await suite.people.json<{ endpoints: Endpoint[] }>(suite.people.get(stranger, '/webhooks/endpoints'))).endpoints,
    ).toEqual([]);
    expect((await suite.people.get(undefined, '/webhooks/endpoints')).status).toBe(401);
    expect(await suite.people.json<{ secret: string }>(suite.people.get(creator, `${base}/secret`))).toMatchObject({
      secret: endpoint.secret,
    });
    expect(
      (await suite.people.json<{ endpoints: Endpoint[] }>(suite.people.get(creator, '/webhooks/endpoints'))).endpoints,
    ).toEqual([expect.objectContaining({ id: endpoint.id, url: endpoint.url, status: 'active' })]);
    // Nor can the owner resend a delivery of another endpoint through their own.
    const own = await addEndpoint(stranger, ['tip.received']);
    expect(
      (await suite.people.post(stranger, `/webhooks/endpoints/${own.id}/deliveries/${deliveryId}/resend`)).status,
    ).toBe(404);
  });

  it('edits, disables, enables and deletes; allows five endpoints; refuses bad input and changes nothing', async () => {
    const fan = await suite.people.newPerson({ tokens: 100 });
    const creator = await suite.people.newPerson();
    const endpoint = await addEndpoint(creator, ['gift.received']);
    const base = `/webhooks/endpoints/${endpoint.id}`;
    const edited = await suite.people.json<Endpoint>(
      suite.people.patch(creator, base, { events: ['tip.received', 'gift.received'] }),
    );
    expect(edited.events).toEqual(['tip.received', 'gift.received']);
    await suite.people.json(suite.people.patch(creator, base, { isEnabled: false }));
    await tip(fan, creator);
    await suite.people.json(suite.people.patch(creator, base, { isEnabled: true }));
    await tip(fan, creator);
    await until(() => suite.receiver.to(endpoint.path).length === 1);
    expect((await suite.people.patch(creator, base, { events: [] })).status).toBe(400);
    expect((await suite.people.patch(creator, base, { url: 'ftp://example.com/x' })).status).toBe(400);
    expect(
      (
        await suite.people.post(creator, '/webhooks/endpoints', {
          url: 'https://a:b@example.com/',
          events: ['tip.received'],
        })
      ).status,
    ).toBe(400);
    for (let i = 0; i < 4; i++) await addEndpoint(creator, ['tip.received']);
    const sixth = await suite.people.post(creator, '/webhooks/endpoints', {
      url: 'https://example.com/6',
      events: ['tip.received'],
    });
    expect(sixth.status).toBe(409);
    expect(
      (await suite.people.json<{ endpoints: Endpoint[] }>(suite.people.get(creator, '/webhooks/endpoints'))).endpoints,
    ).toHaveLength(5);
    expect((await suite.people.delete(creator, base)).status).toBe(204);
    expect((await suite.people.get(creator, `${base}/secret`)).status).toBe(404);
    expect(
      (await suite.people.json<{ endpoints: Endpoint[] }>(suite.people.get(creator, '/webhooks/endpoints'))).endpoints,
    ).toHaveLength(4);
  });

  it('forgets a deleted account’s endpoints, their log and its events', async () => {
    const creator = await suite.people.newPerson();
    const endpoint = await addEndpoint(creator, ['goal.reached']);
    await suite.database.db.transaction((tx) => recordCreatorEvent(tx, creator.id, 'goal.reached', { goalId: 'g' }));
    await until(async () => (await attempts(creator, endpoint.id)).attempts.length === 1);
    const count = async (query: ReturnType<typeof sql>) =>
      (await queryRows<{ n: number }>(suite.database.db, query))[0]?.n;
    expect(await count(sql`select count(*)::int as n from creator_events where user_id = ${creator.id}`)).toBe(1);
    expect((await suite.people.post(creator, '/account/delete', { isConfirmed: true })).status).toBe(204);
    expect(await count(sql`select count(*)::int as n from webhook_endpoints where user_id = ${creator.id}`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from creator_events where user_id = ${creator.id}`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from webhook_attempts where endpoint_id = ${endpoint.id}`)).toBe(
      0,
    );
  });
});

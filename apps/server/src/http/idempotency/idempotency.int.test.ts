import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, jsonHeaders } from '../../../test/app-harness';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import { type Person, peopleOn } from '../../../test/people';
import { seedEarnings, seedTokens, spendableCents } from '../../../test/seed';
import { type DatabaseHandle, queryRows } from '../../db/client';
import { createGiftBatcher } from '../../modules/gifts/gift-batcher';
import { sendTip } from '../../modules/gifts/service';
import { findDiscrepancies } from '../../modules/ledger/service';
import { insertPayoutAccount, updatePayoutAccount } from '../../modules/payouts/repo';

type App = Awaited<ReturnType<typeof buildTestApp>>['app'];

describe.each(databaseKinds())('Idempotency-Key on money requests, on %s', (kind) => {
  let database: DatabaseHandle;
  let app: App;
  let people: ReturnType<typeof peopleOn>;
  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
    app = (await buildTestApp(database)).app;
    people = peopleOn(app, database);
  });
  afterAll(() => database.close());

  const keyed = (person: Person, path: string, key: string, body: unknown) =>
    app.request(`/api${path}`, {
      method: 'POST',
      headers: { ...jsonHeaders({ cookie: person.cookie }), 'Idempotency-Key': key },
      body: JSON.stringify(body),
    });
  const balance = (person: Person) => spendableCents(database.db, person.id);
  const purchasesOf = async (person: Person) =>
    queryRows<{ id: string }>(database.db, sql`select id from purchases where buyer_id = ${person.id}`);

  it('charges a tip sent twice with one key once, and answers the repeat with the first result', async () => {
    const fan = await people.newPerson({ tokens: 100 });
    const creator = await people.newPerson();
    const first = await keyed(fan, '/tips', 'tip-key-1', { recipientId: creator.id, amount: 10 });
    const second = await keyed(fan, '/tips', 'tip-key-1', { recipientId: creator.id, amount: 10 });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await second.json()).toEqual(await first.json());
    expect(await purchasesOf(fan)).toHaveLength(1);
    expect(await balance(fan)).toBe(9_000);
  });

  it('gives one tip for 20 parallel sends with one key', async () => {
    const fan = await people.newPerson({ tokens: 100 });
    const creator = await people.newPerson();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => keyed(fan, '/tips', 'parallel', { recipientId: creator.id, amount: 5 })),
    );
    const bodies = await Promise.all(answers.map((res) => res.json() as Promise<{ tipId: string }>));
    expect(answers.map((res) => res.status)).toEqual(Array(20).fill(201));
    expect(new Set(bodies.map((b) => b.tipId)).size).toBe(1);
    expect(await purchasesOf(fan)).toHaveLength(1);
    expect(await balance(fan)).toBe(9_500);
    expect(await findDiscrepancies(database.db)).toEqual([]);
  });

  it('refuses the same key with another body (422) and changes nothing', async () => {
    const fan = await people.newPerson({ tokens: 100 });
    const creator = await people.newPerson();
    expect((await keyed(fan, '/tips', 'reused', { recipientId: creator.id, amount: 10 })).status).toBe(201);
    const other = await keyed(fan, '/tips', 'reused', { recipientId: creator.id, amount: 20 });
    expect(other.status).toBe(422);
    expect(await other.json()).toMatchObject({
      error: {
        code: 'IDEMPOTENCY_KEY_REUSED',
        message: 'This Idempotency-Key was already used for a different request',
      },
    });
    // On another route too: the key stands for the first request only.
    const wish = await people.json<{ id: string }>(people.post(creator, '/wishes', { name: 'Lamp', cost: 20 }), 201);
    expect((await keyed(fan, '/purchases', 'reused', { productId: wish.id, sellerId: creator.id })).status).toBe(422);
    expect(await purchasesOf(fan)).toHaveLength(1);
    expect(await balance(fan)).toBe(9_000);
  });

  it('gives the key back after a refusal, so the same action succeeds once the wallet holds enough', async () => {
    const fan = await people.newPerson({ tokens: 5 });
    const creator = await people.newPerson();
    const refused = await keyed(fan, '/tips', 'after-top-up', { recipientId: creator.id, amount: 10 });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ error: { code: 'INSUFFICIENT_BALANCE' } });
    await seedTokens(database.db, fan.id, 1_000);
    const sent = await keyed(fan, '/tips', 'after-top-up', { recipientId: creator.id, amount: 10 });
    expect(sent.status).toBe(201);
    expect(sent.headers.get('Idempotent-Replayed')).toBeNull();
    expect(await balance(fan)).toBe(500);
  });

  it('answers a retry of a request whose answer was lost (its process died) with the tip it made', async () => {
    const fan = await people.newPerson({ tokens: 100 });
    const creator = await people.newPerson();
    // The first attempt paid, then died before it could keep its answer: the key's row has no answer and
    // its lock ran out.
    const body = { recipientId: creator.id, amount: 10 };
    const made = await sendTip(database.db, createGiftBatcher(database.db), fan.id, body, 'lost-answer');
    const hash = createHash('sha256')
      .update(`POST /api/tips\n${JSON.stringify(body)}`)
      .digest('hex');
    await database.db.execute(sql`
      insert into idempotent_requests (user_id, key, request_hash, locked_until)
      values (${fan.id}, 'lost-answer', ${hash}, now() - interval '1 second')`);
    const retry = await keyed(fan, '/tips', 'lost-answer', body);
    expect(retry.status).toBe(201);
    expect(await retry.json()).toEqual(made);
    expect(await purchasesOf(fan)).toHaveLength(1);
    expect(await balance(fan)).toBe(9_000);
  });

  it('keeps keys per user: the same key from two fans makes two tips', async () => {
    const creator = await people.newPerson();
    const [a, b] = [await people.newPerson({ tokens: 10 }), await people.newPerson({ tokens: 10 })];
    const ra = await people.json<{ tipId: string }>(
      keyed(a, '/tips', 'shared', { recipientId: creator.id, amount: 5 }),
      201,
    );
    const rb = await people.json<{ tipId: string }>(
      keyed(b, '/tips', 'shared', { recipientId: creator.id, amount: 5 }),
      201,
    );
    expect(ra.tipId).not.toBe(rb.tipId);
    expect(await balance(a)).toBe(500);
    expect(await balance(b)).toBe(500);
  });

  it('buys a single-purchase wish once for a double tap with one key', async () => {
    const fan = await people.newPerson({ tokens: 100 });
    const creator = await people.newPerson();
    const wish = await people.json<{ id: string }>(people.post(creator, '/wishes', { name: 'Kettle', cost: 30 }), 201);
    const body = { productId: wish.id, sellerId: creator.id };
    const [first, second] = await Promise.all([
      keyed(fan, '/purchases', 'buy-once', body),
      keyed(fan, '/purchases', 'buy-once', body),
    ]);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(await second.json()).toEqual(await first.json());
    expect(await purchasesOf(fan)).toHaveLength(1);
    expect(await balance(fan)).toBe(7_000);
  });

  it('makes one withdrawal for a retried withdrawal request', async () => {
    const creator = await people.newPerson();
    await seedEarnings(database.db, creator.id, 20_000);
    const providerAccountId = `acct_${creator.id.slice(0, 12)}`;
    await insertPayoutAccount(database.db, creator.id, providerAccountId);
    await updatePayoutAccount(database.db, providerAccountId, { payoutsEnabled: true, detailsSubmitted: true }, 1);
    const first = await keyed(creator, '/payouts/withdrawals', 'withdraw-1', { amount: 60 });
    const second = await keyed(creator, '/payouts/withdrawals', 'withdraw-1', { amount: 60 });
    expect(first.status).toBe(201);
    expect(await second.json()).toEqual(await first.json());
    const rows = await queryRows<{ id: string }>(
      database.db,
      sql`select id from withdrawals where user_id = ${creator.id}`,
    );
    expect(rows).toHaveLength(1);
    expect(await balance(creator)).toBe(14_000);
  });

  it('is documented in the OpenAPI document on every money request', async () => {
    const doc = (await (await app.request('/api/openapi.json')).json()) as {
      paths: Record<string, { post: { parameters?: { name: string; in: string }[]; responses: object } }>;
    };
    for (const path of ['/api/tips', '/api/purchases', '/api/checkout/top-ups', '/api/payouts/withdrawals']) {
      expect(doc.paths[path]?.post.parameters).toContainEqual(
        expect.objectContaining({ name: 'idempotency-key', in: 'header' }),
      );
      expect(Object.keys(doc.paths[path]?.post.responses ?? {})).toEqual(expect.arrayContaining(['409', '422']));
    }
  });

  it('refuses a malformed key with 400 before doing anything', async () => {
    const fan = await people.newPerson({ tokens: 10 });
    const creator = await people.newPerson();
    for (const key of ['has space', 'x'.repeat(256), 'é']) {
      const res = await keyed(fan, '/tips', key, { recipientId: creator.id, amount: 5 });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        error: { code: 'VALIDATION', fields: { 'Idempotency-Key': expect.any(String) } },
      });
    }
    expect(await balance(fan)).toBe(1_000);
  });

  it('forgets keys after the retention, a few at a time as new keys arrive', async () => {
    const fan = await people.newPerson({ tokens: 10 });
    const creator = await people.newPerson();
    await database.db.execute(sql`
      insert into idempotent_requests (user_id, key, request_hash, response_status, response_body, created_at, locked_until)
      values (${fan.id}, 'old', 'h', 201, '{}'::jsonb, now() - interval '49 hours', now() - interval '49 hours'),
             (${fan.id}, 'recent', 'h', 201, '{}'::jsonb, now() - interval '23 hours', now() - interval '23 hours')`);
    expect((await keyed(fan, '/tips', 'new', { recipientId: creator.id, amount: 5 })).status).toBe(201);
    const keys = await queryRows<{ key: string }>(
      database.db,
      sql`select key from idempotent_requests where user_id = ${fan.id} order by key`,
    );
    expect(keys.map((k) => k.key)).toEqual(['new', 'recent']);
  });
});

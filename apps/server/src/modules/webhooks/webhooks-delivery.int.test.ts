import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseKinds } from '../../../test/databases';
import { queryRows } from '../../db/client';
import { recordCreatorEvent } from './service';

import { until, useWebhooksSuite } from './webhooks-fixtures';

describe.each(databaseKinds())('webhook delivery on %s', (kind) => {
  const suite = useWebhooksSuite(kind);
  const { addEndpoint, tip, attempts, verify } = suite;

  it('delivers a tip (no message: null), signed so the standardwebhooks library accepts it and refuses a tampered copy', async () => {
    const fan = await suite.people.newPerson({ tokens: 100 });
    const creator = await suite.people.newPerson();
    const endpoint = await addEndpoint(creator, ['tip.received']);
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const { tipId } = await tip(fan, creator, 25);
    await until(() => suite.receiver.to(endpoint.path).length === 1);
    const [delivery] = suite.receiver.to(endpoint.path);
    if (!delivery) throw new Error('no delivery');
    const payload = verify(endpoint.secret, delivery);
    const fanName = (await suite.people.json<{ displayName: string }>(suite.people.get(fan, '/me'))).displayName;
    expect(payload).toEqual({
      type: 'tip.received',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      data: {
        id: tipId,
        amount: 25,
        earnings: 20,
        wish: null,
        fan: { id: fan.id, handle: fan.handle, displayName: fanName },
        message: null,
      },
    });
    expect(delivery.headers['webhook-id']).toMatch(/^evt_[0-9a-f]{32}$/);
    expect(delivery.headers['content-type']).toBe('application/json');
    expect(delivery.body).not.toContain(fan.phone);
    // A tampered body, signature or id is refused.
    expect(() => verify(endpoint.secret, { ...delivery, body: delivery.body.replace('25', '2500') })).toThrow();
    const otherSecret = (await addEndpoint(creator, ['tip.received'])).secret;
    expect(() => verify(otherSecret, delivery)).toThrow();
    expect(() =>
      verify(endpoint.secret, { ...delivery, headers: { ...delivery.headers, 'webhook-id': 'evt_other' } }),
    ).toThrow();
    await until(async () => (await attempts(creator, endpoint.id)).attempts.length === 1);
    const [logged] = (await attempts(creator, endpoint.id)).attempts;
    expect(logged).toMatchObject({
      statusCode: 200,
      responseBody: 'ok',
      isResend: false,
      eventId: delivery.headers['webhook-id'],
    });
  });

  it('sends a gift with its wish name, an anonymous gift as "Anonymous" with nothing of the fan, and only wanted events', async () => {
    const fan = await suite.people.newPerson({ tokens: 500 });
    const creator = await suite.people.newPerson();
    const endpoint = await addEndpoint(creator, ['gift.received']);
    const wish = await suite.people.json<{ id: string }>(
      suite.people.post(creator, '/wishes', { name: 'Record player', cost: 120 }),
      201,
    );
    await suite.people.json(
      suite.people.post(fan, '/purchases', { productId: wish.id, sellerId: creator.id, isAnonymous: true }),
      201,
    );
    await tip(fan, creator); // tip.received is not one of this endpoint's events
    await until(() => suite.receiver.to(endpoint.path).length === 1);
    const [delivery] = suite.receiver.to(endpoint.path);
    if (!delivery) throw new Error('no delivery');
    const payload = verify(endpoint.secret, delivery);
    expect(payload.type).toBe('gift.received');
    expect(payload.data).toMatchObject({
      amount: 120,
      wish: { id: wish.id, name: 'Record player' },
      fan: { id: null, handle: null, displayName: 'Anonymous' },
    });
    for (const secret of [fan.id, fan.handle, fan.phone]) expect(delivery.body).not.toContain(secret);
    const events = await queryRows<{ type: string }>(
      suite.database.db,
      sql`select type from creator_events where user_id = ${creator.id}`,
    );
    expect(events.map((e) => e.type)).toEqual(['gift.received']);
  });

  it('sends a message to its receiver’s endpoint, the sender of an anonymous gift as "Anonymous"', async () => {
    const fan = await suite.people.newPerson({ tokens: 100 });
    const creator = await suite.people.newPerson();
    const endpoint = await addEndpoint(creator, ['message.received']);
    const { tipId } = await tip(fan, creator, 5, true);
    const { conversationId } = await suite.people.json<{ conversationId: string }>(
      suite.people.post(fan, '/conversations', { type: 'purchase', purchaseId: tipId }),
    );
    await suite.people.json(
      suite.people.post(fan, `/conversations/${conversationId}/messages`, { type: 'text', content: 'hello!' }),
      201,
    );
    await until(() => suite.receiver.to(endpoint.path).length === 1);
    const [delivery] = suite.receiver.to(endpoint.path);
    if (!delivery) throw new Error('no delivery');
    const payload = verify(endpoint.secret, delivery);
    expect(payload).toMatchObject({
      type: 'message.received',
      data: {
        conversationId,
        purchaseId: tipId,
        type: 'text',
        text: 'hello!',
        sender: { id: null, displayName: 'Anonymous' },
      },
    });
    expect(delivery.body).not.toContain(fan.id);
  });

  it('records goal.reached through recordCreatorEvent in the caller’s transaction, and nothing when it rolls back', async () => {
    const creator = await suite.people.newPerson();
    const endpoint = await addEndpoint(creator, ['goal.reached']);
    await expect(
      suite.database.db.transaction(async (tx) => {
        await recordCreatorEvent(tx, creator.id, 'goal.reached', { goalId: 'g1', name: 'New camera', target: 500 });
        throw new Error('the overlay’s transaction failed');
      }),
    ).rejects.toThrow('failed');
    const eventId = await suite.database.db.transaction((tx) =>
      recordCreatorEvent(tx, creator.id, 'goal.reached', { goalId: 'g2', name: 'New camera', target: 500 }),
    );
    expect(eventId).toMatch(/^evt_/);
    await until(() => suite.receiver.to(endpoint.path).length === 1);
    const [delivery] = suite.receiver.to(endpoint.path);
    if (!delivery) throw new Error('no delivery');
    expect(delivery.headers['webhook-id']).toBe(eventId);
    expect(verify(endpoint.secret, delivery)).toMatchObject({ type: 'goal.reached', data: { goalId: 'g2' } });
    // No endpoint wants it: nothing is recorded.
    const other = await suite.people.newPerson();
    expect(
      await suite.database.db.transaction((tx) => recordCreatorEvent(tx, other.id, 'goal.reached', {})),
    ).toBeUndefined();
  });
});

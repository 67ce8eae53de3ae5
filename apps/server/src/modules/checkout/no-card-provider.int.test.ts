import type { ApiErrorBody } from '@sweetwish/shared/api-error';
import { PAYOUT_MESSAGES } from '@sweetwish/shared/payouts-rules';
import { WALLET_MESSAGES } from '@sweetwish/shared/wallet-rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, jsonHeaders } from '../../../test/app-harness';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import { peopleOn } from '../../../test/people';
import type { DatabaseHandle } from '../../db/client';

// Issue 46, item 11: a deployment on a public address without STRIPE_* has no card provider (the local
// sandbox serves only a local PUBLIC_URL). Top-ups and payout onboarding then answered 500, as if the
// server had broken; it is a service that is not there, which 503 says, with a message that says why.
describe.each(databaseKinds())('without a card provider on %s', (kind) => {
  let database: DatabaseHandle;
  let harness: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
    // The test app has no card payments unless STRIPE_* is set, as a public deployment without them.
    harness = await buildTestApp(database);
  });
  afterAll(() => database.close());

  it('answers 503 with a clear message to a top-up and to payout onboarding, and logs no error', async () => {
    const person = await peopleOn(harness.app, database).newPerson();
    const post = (path: string, body: unknown) =>
      harness.app.request(`/api${path}`, {
        method: 'POST',
        headers: { ...jsonHeaders({ cookie: person.cookie }), 'Idempotency-Key': crypto.randomUUID() },
        body: JSON.stringify(body),
      });
    for (const [path, body, message] of [
      ['/checkout/top-ups', { quantity: 10, location: '/wallet' }, WALLET_MESSAGES.topUpUnavailable],
      ['/payouts/onboarding-link', { location: '/wallet' }, PAYOUT_MESSAGES.unavailable],
    ] as const) {
      const res = await post(path, body);
      expect(res.status, path).toBe(503);
      expect(((await res.json()) as ApiErrorBody).error).toEqual({ code: 'UNAVAILABLE', message });
    }
    expect(harness.logLines.filter((line) => line.msg === 'unhandled error')).toEqual([]);
  });
});

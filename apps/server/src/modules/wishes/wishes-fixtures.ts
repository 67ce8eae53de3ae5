import { afterAll, beforeAll } from 'vitest';
import { buildTestApp, jsonHeaders } from '../../../test/app-harness';
import { type DatabaseKind, openFreshDatabase } from '../../../test/databases';
import { completeProfile, me, signInByPhone } from '../../../test/sign-in-helpers';
import type { DatabaseHandle } from '../../db/client';

// What the wish suites share: the app on a fresh database, sellers, and their wish requests.

type App = Awaited<ReturnType<typeof buildTestApp>>['app'];

let counter = 0;
export function uniqueHandle() {
  counter += 1;
  return `seller_${Date.now().toString(36)}${counter}`;
}

/**
 * The app on a fresh database of `kind`, and the seller and wish requests the tests make: registers the
 * suite's beforeAll/afterAll and returns them.
 */
export function useWishesSuite(kind: DatabaseKind) {
  let database: DatabaseHandle;
  let app: App;
  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
    app = (await buildTestApp(database)).app;
  });
  afterAll(() => database.close());

  async function newSeller() {
    const cookie = await signInByPhone(app);
    const handle = uniqueHandle();
    await completeProfile(app, cookie, { handle, displayName: 'Wish Maker' });
    const { id } = (await (await me(app, cookie)).json()) as { id: string };
    return { cookie, handle, id };
  }

  async function create(cookie: string, body: Record<string, unknown>) {
    return app.request('/api/wishes', { method: 'POST', headers: jsonHeaders({ cookie }), body: JSON.stringify(body) });
  }

  async function patch(cookie: string | undefined, id: string, body: Record<string, unknown>) {
    return app.request(`/api/wishes/${id}`, {
      method: 'PATCH',
      headers: jsonHeaders({ cookie }),
      body: JSON.stringify(body),
    });
  }

  async function list(sellerId: string) {
    return app.request(`/api/users/${sellerId}/wishes`);
  }

  return {
    get database() {
      return database;
    },
    get app() {
      return app;
    },
    newSeller,
    create,
    patch,
    list,
  };
}

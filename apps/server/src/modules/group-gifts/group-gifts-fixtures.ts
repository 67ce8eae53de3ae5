import type { GroupGiftProgress } from '@sweetwish/shared/group-gifts';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildTestApp, jsonHeaders } from '../../../test/app-harness';
import { type DatabaseKind, openFreshDatabase } from '../../../test/databases';
import { seedTokens } from '../../../test/seed';
import { completeProfile, me, signInByPhone } from '../../../test/sign-in-helpers';
import type { DatabaseHandle } from '../../db/client';
import { findUserBalances } from '../ledger/service';
import { reconcile } from '../wallet/service';
import { createWish } from '../wishes/service';
import { checkHeldContributions } from './service';

// What the group gift suites share: the app on a fresh database, signed-in users and group gift wishes.

type App = Awaited<ReturnType<typeof buildTestApp>>['app'];
export type User = { id: string; cookie: string; handle: string };

let counter = 0;

/**
 * The app on a fresh database of `kind`, and the helpers the group gift tests call it with: registers the
 * suite's beforeAll/afterAll and returns them.
 */
export function useGroupGiftsSuite(kind: DatabaseKind) {
  let database: DatabaseHandle;
  let app: App;
  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
    app = (await buildTestApp(database)).app;
  });
  afterAll(() => database.close());

  async function newUser(options: { tokens?: number } = {}): Promise<User> {
    const cookie = await signInByPhone(app);
    counter++;
    const handle = `group_${Date.now().toString(36)}${counter}`;
    expect((await completeProfile(app, cookie, { handle, displayName: `Group Fan ${counter}` })).status).toBe(200);
    const { id } = (await (await me(app, cookie)).json()) as { id: string };
    if (options.tokens) await seedTokens(database.db, id, options.tokens * 100);
    return { id, cookie, handle };
  }

  const request = (user: User, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    app.request(`/api${path}`, {
      method,
      headers: { ...jsonHeaders({ cookie: user.cookie }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const progressOf = async (wishId: string, viewer?: User) =>
    (await (
      await app.request(`/api/wishes/${wishId}/group-gift`, { headers: viewer ? { Cookie: viewer.cookie } : {} })
    ).json()) as GroupGiftProgress;
  const balances = (userId: string) => findUserBalances(database.db, userId);
  const groupGift = (sellerId: string, cost: number) =>
    createWish(database.db, sellerId, {
      name: 'Espresso machine',
      cost,
      description: '',
      type: 'standard',
      allowRepeatPurchases: true,
      pinned: false,
      isGroupGift: true,
    });
  async function booksBalance() {
    expect((await reconcile(database.db)).lines).toEqual(['ok']);
    expect(await checkHeldContributions(database.db)).toEqual([]);
  }

  return {
    get database() {
      return database;
    },
    newUser,
    request,
    progressOf,
    balances,
    groupGift,
    booksBalance,
  };
}

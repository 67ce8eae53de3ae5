import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import type { Database, DatabaseHandle } from '../../db/client';
import { searchUsers } from './service';

/** Random lowercase letters: no other test's name shares a trigram run with them by chance. */
function letters(n: number) {
  return Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
}

let counter = 0;
async function insertCreator(db: Database, handle: string, displayName: string) {
  counter += 1;
  const id = `search_${Date.now().toString(36)}_${counter}`;
  await db.execute(
    sql`insert into users (id, name, email, handle, display_name) values (${id}, ${displayName}, ${`${id}@example.com`}, ${handle}, ${displayName})`,
  );
  return id;
}

/**
 * The database, counting the statements that go through it: drizzle's execute, and the pool's query for
 * prepared statements (queryRowsPrepared), keeping the names those were prepared under.
 */
function counting(db: Database) {
  const counter = { statements: 0, preparedNames: [] as string[] };
  const countQueries = (pool: object) =>
    new Proxy(pool, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver);
        if (key !== 'query' || typeof value !== 'function') return value;
        return (config: { name?: string }, ...rest: unknown[]) => {
          counter.statements += 1;
          if (config.name) counter.preparedNames.push(config.name);
          return value.apply(target, [config, ...rest]);
        };
      },
    });
  const proxy = new Proxy(db, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (key === '$client' && value && typeof value === 'object') return countQueries(value);
      if (key !== 'execute' || typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        counter.statements += 1;
        return value.apply(target, args);
      };
    },
  });
  return { db: proxy, counter };
}

describe.each(databaseKinds())('user search in one statement: statements and batches on %s', (kind) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
  });
  afterAll(() => database.close());

  it('answers a hit and a miss with one statement each', async () => {
    const tag = letters(8);
    const id = await insertCreator(database.db, `h_${tag}`, `${tag} Name`);
    const { db, counter } = counting(database.db);
    expect((await searchUsers(db, tag)).map((r) => r.id)).toEqual([id]);
    expect(await searchUsers(db, `${tag}_zz9`)).toEqual([]);
    expect(await searchUsers(db, tag.slice(2))).toEqual([expect.objectContaining({ id })]);
    expect(counter.statements).toBe(3);
    // Planning it costs more than running it: on PostgreSQL each connection prepares it once (decision 022).
    if (kind === 'postgres') expect(new Set(counter.preparedNames).size).toBe(1);
  });

  it('answers searches made at once in shared statements, each with its own results', async () => {
    const tag = letters(8);
    const ids = [];
    for (let i = 0; i < 6; i++) ids.push(await insertCreator(database.db, `b${i}_${tag}`, `${tag} Batch ${i}`));
    const terms = [...ids.map((_, i) => `b${i}_${tag}`), `${tag}_none`, `${tag} batch`];
    const alone = [];
    for (const term of terms) alone.push(await searchUsers(database.db, term));
    const { db, counter } = counting(database.db);
    const together = await Promise.all(terms.map((term) => searchUsers(db, term)));
    expect(together).toEqual(alone);
    expect(together.slice(0, 6).map((found) => found.map((r) => r.id))).toEqual(ids.map((id) => [id]));
    expect(together[6]).toEqual([]);
    expect(together[7]).toHaveLength(6);
    // Three statements run at once (the first three searches), the other five go together when one comes back.
    expect(counter.statements).toBe(4);
  });

  it("keeps a failed search's error its own: its batch is tried again search by search", async () => {
    const tag = letters(8);
    const id = await insertCreator(database.db, `f_${tag}`, `${tag} Fine`);
    const poison = `${tag}_poison`;
    // A database that refuses every statement asked for the poisoned term, as it would a term it cannot read.
    const refusing = <T extends object>(target: T): T =>
      new Proxy(target, {
        get(t, key, receiver) {
          const value = Reflect.get(t, key, receiver);
          if ((key !== 'query' && key !== 'execute') || typeof value !== 'function') return value;
          return (...args: unknown[]) => {
            if (JSON.stringify(args, (_k, v) => (typeof v === 'bigint' ? String(v) : v)).includes(poison)) {
              return Promise.reject(new Error('refused'));
            }
            return value.apply(t, args);
          };
        },
      });
    const db = new Proxy(database.db, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver);
        if (key === '$client' && value && typeof value === 'object') return refusing(value);
        if (key === 'execute') return refusing(target).execute;
        return value;
      },
    });
    // The first three go alone, at once; the other three together, poisoned term included.
    const terms = [`${tag}_a`, `${tag}_b`, `${tag}_c`, `f_${tag}`, poison, `${tag} fine`];
    const settled = await Promise.allSettled(terms.map((t) => searchUsers(db, t)));
    expect(settled.map((s) => s.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    expect(settled[3]).toEqual({ status: 'fulfilled', value: [expect.objectContaining({ id })] });
    expect(settled[5]).toEqual({ status: 'fulfilled', value: [expect.objectContaining({ id })] });
  });

  it.runIf(kind === 'postgres')('plans the search once per connection, however the terms vary', async () => {
    // auto_explain sends the plan of every statement inside search_users() to this session as a LOG message. A
    // plan made for one call's values shows them; the generic plan shows parameters ($1...) instead.
    const pool = (database.db as unknown as { $client: import('pg').Pool }).$client;
    const client = await pool.connect();
    const plans: string[] = [];
    const onNotice = (notice: { message?: string }) => {
      if (notice.message?.includes('Query Text')) plans.push(notice.message);
    };
    client.on('notice', onNotice);
    try {
      await client.query("load 'auto_explain'");
      await client.query('set auto_explain.log_min_duration = 0');
      await client.query('set auto_explain.log_nested_statements = on');
      await client.query('set client_min_messages = log');
      const tag = letters(8);
      await insertCreator(database.db, `p_${tag}`, `${tag} Plan`);
      for (let i = 0; i < 8; i++) {
        const term = `${tag.slice(0, 4)}${i}`;
        await client.query('select * from search_users($1, $2, 20, null, null, null, $3::text[], $4, 60)', [
          term,
          `${term}\u{10ffff}`,
          '{}',
          `%${term}%`,
        ]);
      }
      // Left to choose, PostgreSQL makes a plan for each of the first five calls' values at least.
      const searches = plans.filter((plan) => plan.includes('users_handle_prefix_idx'));
      expect(searches).toHaveLength(8);
      searches.forEach((plan, i) => {
        expect(plan).toContain('$1');
        expect(plan).not.toContain(`${tag.slice(0, 4)}${i}`);
      });
    } finally {
      client.off('notice', onNotice);
      client.release(true);
    }
  });
});

import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, PgDialect, type PgQueryResultHKT, type PgTransactionConfig } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../paths';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** For reads that must agree with each other (a cursor and the rows it covers): one snapshot, no writes. */
export const READ_SNAPSHOT: PgTransactionConfig = { isolationLevel: 'repeatable read', accessMode: 'read only' };

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /**
   * Applies every committed migration that has not run yet. Safe to call from several instances at once.
   * Tests of a migration's data step name a folder that holds only the migrations before it.
   */
  migrate: (migrationsFolder?: string) => Promise<void>;
  ping: () => Promise<void>;
  /**
   * Calls onNotify with the payload of every NOTIFY on the channel, from any connection or server instance.
   * onGap runs after the listening connection was lost and restored: notifications may have been missed.
   */
  listen: (channel: string, onNotify: (payload: string) => void, onGap: () => void) => Promise<void>;
  /** The connection pool's use now (PGlite: its one connection, never waited for). */
  poolUse: () => { used: number; idle: number; waiting: number };
  /** Closes the pool and every listening connection. */
  close: () => Promise<void>;
};

/** Any fixed number: the advisory lock key that serialises migrations across server instances. */
const MIGRATION_LOCK_KEY = 7_263_840_112;

export async function openDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
}): Promise<DatabaseHandle> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(path.join(options.dataDir, 'db'));
}

/**
 * PGlite in a directory, or in memory with 'memory://' (tests). `loadDataDir` starts it from a copy of
 * another database's files (a `dumpDataDir` tarball), which skips initdb.
 */
export async function openPglite(dir: string, options: { loadDataDir?: Blob } = {}): Promise<DatabaseHandle> {
  if (!dir.startsWith('memory://')) await fs.mkdir(dir, { recursive: true });
  const client = await PGlite.create(dir, { extensions: { pg_trgm }, loadDataDir: options.loadDataDir });
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    migrate: async (migrationsFolder = MIGRATIONS_DIR) => {
      await migratePglite(drizzlePglite({ client }), { migrationsFolder });
    },
    ping: async () => {
      await client.query('select 1');
    },
    // One connection, which never drops: nothing can be missed, so onGap never runs.
    listen: async (channel, onNotify) => {
      await client.listen(channel, onNotify);
    },
    poolUse: () => ({ used: 0, idle: 1, waiting: 0 }),
    close: () => client.close(),
  };
}

/**
 * Each PostgreSQL database's twin whose commits do not wait for the disk (PostgreSQL's asynchronous commit),
 * for writes a crash may lose without harm. See commitsUnflushed.
 */
const unflushedTwins = new WeakMap<Database, Database>();

/**
 * The database to write through when losing the write in a crash of PostgreSQL harms no one: the write limits'
 * counts (a crash forgets at most the last few hundred milliseconds of them, and the requests they counted
 * went on anyway). Its commits answer before the disk has flushed them, so they neither wait for a flush nor
 * add one: a flush costs about a quarter of a millisecond where we measured, and at times stalls for hundreds.
 * PostgreSQL's documentation: the most recent of such commits may be lost, the database stays consistent
 * ("as if those transactions had been aborted cleanly"), and a later ordinary commit flushes them with its
 * own. PGlite and transactions answer themselves: their commits are as they are.
 */
export function commitsUnflushed(db: Database): Database {
  return unflushedTwins.get(db) ?? db;
}

/**
 * At most this many connections commit unflushed per instance: the write limits' batches run one at a
 * time (db/batcher.ts).
 */
const UNFLUSHED_POOL_MAX = 2;

export async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const unflushedPool = new pg.Pool({
    connectionString: url,
    max: UNFLUSHED_POOL_MAX,
    options: '-c synchronous_commit=off',
  });
  // An idle client that loses its connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  unflushedPool.on('error', () => {});
  const db = drizzlePg({ client: pool, schema }) as unknown as Database;
  unflushedTwins.set(db, drizzlePg({ client: unflushedPool, schema }) as unknown as Database);
  const listeners: { close: () => Promise<void> }[] = [];
  return {
    db,
    kind: 'postgres',
    migrate: async (migrationsFolder = MIGRATIONS_DIR) => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePg(drizzlePg({ client }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    listen: async (channel, onNotify, onGap) => {
      listeners.push(await listenOnPostgres(url, channel, onNotify, onGap));
    },
    poolUse: () => ({ used: pool.totalCount - pool.idleCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: async () => {
      await Promise.all(listeners.map((l) => l.close()));
      await Promise.all([pool.end(), unflushedPool.end()]);
    },
  };
}

const LISTEN_RETRY_MAX_MS = 30_000;

/**
 * A dedicated connection that LISTENs on the channel (a pooled one would be handed to queries). When it
 * drops, it reconnects with growing delays and then reports the gap, since NOTIFYs sent meanwhile are lost.
 */
async function listenOnPostgres(
  url: string,
  channel: string,
  onNotify: (payload: string) => void,
  onGap: () => void,
): Promise<{ close: () => Promise<void> }> {
  let client: pg.Client | undefined;
  let isClosed = false;
  let retryTimer: NodeJS.Timeout | undefined;

  const connect = async () => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '');
    });
    next.on('error', () => {});
    next.on('end', () => {
      if (!isClosed && client === next) scheduleReconnect(1000);
    });
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    client = next;
  };

  const scheduleReconnect = (delayMs: number) => {
    client = undefined;
    retryTimer = setTimeout(async () => {
      try {
        await connect();
        onGap();
      } catch {
        if (!isClosed) scheduleReconnect(Math.min(delayMs * 2, LISTEN_RETRY_MAX_MS));
      }
    }, delayMs);
  };

  await connect();
  return {
    close: async () => {
      isClosed = true;
      clearTimeout(retryTimer);
      await client?.end().catch(() => {});
    },
  };
}

/** The rows of a raw SQL query; PGlite and node-postgres both answer with `rows`. */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const dialect = new PgDialect();

/** Each prepared statement's name by its text: a few fixed shapes, so the map stays small. */
const preparedNames = new Map<string, string>();

/**
 * queryRows through a named prepared statement on PostgreSQL: each connection parses it once. For hot
 * statements run thousands of times a second (a search, the write limit's counter). PostgreSQL plans a
 * prepared statement anew on each run until a generic plan looks as cheap, which may be never: a statement
 * whose planning costs more than its run belongs in a database function that forces its generic plan
 * (sql/search_users.sql). Named after its text, so two shapes of one query never share a name. Rows come as
 * node-postgres parses them (no drizzle column mapping): select text and numbers only. PGlite, and a
 * transaction, run it as queryRows does.
 */
export async function queryRowsPrepared<T>(db: Database, query: SQL): Promise<T[]> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return queryRows<T>(db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  let name = preparedNames.get(text);
  if (name === undefined) {
    name = `q_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
    preparedNames.set(text, name);
  }
  const result = await client.query({ name, text, values: params });
  return result.rows as T[];
}

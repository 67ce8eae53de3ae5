import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import type { Change, ChangeFeed, Resync } from '../../changes/change-feed';
import type { DatabaseHandle } from '../../db/client';
import { createLogger } from '../../logger';
import { createOverlayHubs, type OverlayEvent } from './hubs';
import { findOverlay } from './service';

/** A gate the next overlay read of the hubs waits at, after reading: a read under way, held open. */
let holdNextRead: Promise<void> | undefined;
let isReadHeld = false;
const heldReadOverlay: typeof findOverlay = async (...args) => {
  const row = await findOverlay(...args);
  const hold = holdNextRead;
  holdNextRead = undefined;
  if (hold) {
    isReadHeld = true;
    await hold;
    isReadHeld = false;
  }
  return row;
};

describe.each(databaseKinds())('overlay hubs on %s', (kind) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
  });
  afterAll(() => database.close());

  /** A creator with alerts off, and one open stream on a hub whose changes the test delivers by hand. */
  async function openHub() {
    const userId = `hub_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
    await database.db.execute(
      sql`insert into users (id, name, email) values (${userId}, 'Hub', ${`${userId}@example.com`})`,
    );
    await database.db.execute(
      sql`insert into overlay_settings (user_id, secret, show_alerts) values (${userId}, ${`s_${userId}`}, false)`,
    );
    let deliver: (change: Change | Resync) => void = () => {};
    const changes: ChangeFeed = {
      subscribe: (handler) => {
        deliver = handler;
        return () => {};
      },
    };
    const hubs = createOverlayHubs(database.db, changes, createLogger('silent'), heldReadOverlay);
    const sent: OverlayEvent[] = [];
    const row = await findOverlay(database.db, userId);
    expect(row?.showAlerts).toBe(false);
    hubs.join(userId, row as NonNullable<typeof row>, {
      cursor: 0,
      secret: `s_${userId}`,
      send: (event) => sent.push(event),
      close: () => {},
      needsState: false,
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const alertsShown = () => sent.filter((e) => e.event === 'alert').map((e) => JSON.parse(e.data).isTest);
    return { userId, deliver: (change: Change | Resync) => deliver(change), alertsShown };
  }

  it('shows a test alert asked for right after alerts were turned on, before the hub has read the change', async () => {
    const { userId, deliver, alertsShown } = await openHub();
    // The creator turns alerts on and asks for a test at once: both changes arrive before the row is read again.
    await database.db.execute(sql`update overlay_settings set show_alerts = true where user_id = ${userId}`);
    deliver({ topic: 'overlay', userId, what: 'settings' });
    deliver({ topic: 'overlay', userId, what: 'test' });
    await expect.poll(alertsShown).toEqual([true]);
  });

  it('shows it too when a read from before the change is still under way', async () => {
    const { userId, deliver, alertsShown } = await openHub();
    let release = () => {};
    holdNextRead = new Promise((resolve) => {
      release = resolve;
    });
    // A read starts (alerts still off) and is held; meanwhile alerts go on and a test is asked for.
    deliver({ topic: 'overlay', userId, what: 'settings' });
    await expect.poll(() => isReadHeld).toBe(true);
    await database.db.execute(sql`update overlay_settings set show_alerts = true where user_id = ${userId}`);
    deliver({ topic: 'overlay', userId, what: 'settings' });
    deliver({ topic: 'overlay', userId, what: 'test' });
    release();
    await expect.poll(alertsShown).toEqual([true]);
  });
});

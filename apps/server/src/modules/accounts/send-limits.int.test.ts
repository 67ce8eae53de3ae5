import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, jsonHeaders } from '../../../test/app-harness';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import { outbox, sendCode, uniqueEmail, uniqueIp, uniquePhone } from '../../../test/sign-in-helpers';
import type { DatabaseHandle } from '../../db/client';
import { SEND_LIMITS, type SendLimits } from './send-limits';

type App = Awaited<ReturnType<typeof buildTestApp>>['app'];

async function errorMessage(res: Response) {
  return ((await res.json()) as { error: { code: string; message: string } }).error;
}

describe.each(databaseKinds())('send limits on %s', (kind) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
  });
  afterAll(() => database.close());

  async function appWith(limits: Partial<SendLimits> = {}): Promise<App> {
    return (await buildTestApp(database, { sendLimits: { ...SEND_LIMITS, ...limits } })).app;
  }

  async function smsCount(app: App, to: string) {
    return (await outbox(app)).filter((m) => m.to === to).length;
  }

  it(`send at most ${SEND_LIMITS.perDestinationPerHour} codes an hour to one number, and nothing after`, async () => {
    const app = await appWith();
    const phone = uniquePhone();
    for (let i = 0; i < SEND_LIMITS.perDestinationPerHour; i += 1) {
      expect((await sendCode(app, phone, uniqueIp())).status).toBe(200);
    }
    const refused = await sendCode(app, phone, uniqueIp());
    expect(refused.status).toBe(429);
    expect(await errorMessage(refused)).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many sign-in codes for this number. Try again in an hour.',
    });
    expect(await smsCount(app, phone)).toBe(SEND_LIMITS.perDestinationPerHour);
  });

  it('send at most the daily number of codes to one number', async () => {
    const app = await appWith({ perDestinationPerHour: 100, perDestinationPerDay: 3 });
    const phone = uniquePhone();
    for (let i = 0; i < 3; i += 1) expect((await sendCode(app, phone, uniqueIp())).status).toBe(200);
    const refused = await sendCode(app, phone, uniqueIp());
    expect((await errorMessage(refused)).message).toBe(
      'Too many sign-in codes for this number today. Try again tomorrow.',
    );
    expect(await smsCount(app, phone)).toBe(3);
  });

  it(`send at most ${SEND_LIMITS.perIpPerHour} codes an hour from one network, whatever the numbers`, async () => {
    const app = await appWith();
    const ip = uniqueIp();
    for (let i = 0; i < SEND_LIMITS.perIpPerHour; i += 1)
      expect((await sendCode(app, uniquePhone(), ip)).status).toBe(200);
    const phone = uniquePhone();
    const refused = await sendCode(app, phone, ip);
    expect((await errorMessage(refused)).message).toBe(
      'Too many sign-in attempts from your network. Try again in an hour.',
    );
    expect(await smsCount(app, phone)).toBe(0);
  });

  it('send at most the daily number of codes from one network', async () => {
    const app = await appWith({ perIpPerHour: 100, perIpPerDay: 2 });
    const ip = uniqueIp();
    for (let i = 0; i < 2; i += 1) expect((await sendCode(app, uniquePhone(), ip)).status).toBe(200);
    const refused = await sendCode(app, uniquePhone(), ip);
    expect((await errorMessage(refused)).message).toBe(
      'Too many sign-in attempts from your network today. Try again tomorrow.',
    );
  });

  it('count e-mail links apart from SMS codes, by address', async () => {
    const app = await appWith({ perDestinationPerHour: 1 });
    const email = uniqueEmail();
    const send = () =>
      app.request('/api/auth/sign-in/magic-link', {
        method: 'POST',
        headers: jsonHeaders({ ip: uniqueIp() }),
        body: JSON.stringify({ email, callbackURL: '/email' }),
      });
    expect((await send()).status).toBe(200);
    const refused = await send();
    expect((await errorMessage(refused)).message).toBe(
      'Too many sign-in links for this address. Try again in an hour.',
    );
    expect((await outbox(app)).filter((m) => m.to === email)).toHaveLength(1);
  });

  it('hold after a restart: a new server on the same database keeps counting', async () => {
    const phone = uniquePhone();
    const limits = { perDestinationPerHour: 2 };
    await sendCode(await appWith(limits), phone, uniqueIp());
    await sendCode(await appWith(limits), phone, uniqueIp());
    expect((await sendCode(await appWith(limits), phone, uniqueIp())).status).toBe(429);
  });

  it('cap every sign-in SMS of the day, platform-wide', async () => {
    // The global counter is shared by this whole database, so measure from what it holds now.
    const app = await appWith({ perChannelPerDay: 1_000_000 });
    await sendCode(app, uniquePhone(), uniqueIp());
    const tight = await appWith({ perChannelPerDay: 1 });
    const refused = await sendCode(tight, uniquePhone(), uniqueIp());
    expect((await errorMessage(refused)).message).toBe('Sign-in is very busy right now. Please try again later.');
  });

  it('let exactly the limit through when requests race', async () => {
    const app = await appWith({ perDestinationPerHour: 3 });
    const phone = uniquePhone();
    const results = await Promise.all(Array.from({ length: 12 }, () => sendCode(app, phone, uniqueIp())));
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(await smsCount(app, phone)).toBe(3);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, jsonHeaders } from '../../../test/app-harness';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import {
  latestCode,
  outbox,
  sendCode,
  uniqueEmail,
  uniqueIp,
  uniquePhone,
  verifyCode,
} from '../../../test/sign-in-helpers';
import type { DatabaseHandle } from '../../db/client';
import { SEND_LIMITS, type SendLimits } from './send-limits';

type App = Awaited<ReturnType<typeof buildTestApp>>['app'];

async function errorMessage(res: Response) {
  return ((await res.json()) as { error: { code: string; message: string } }).error;
}

/** Limits loose enough that only the one a test tightens decides. */
const LOOSE: Partial<SendLimits> = {
  perIpPerHour: 1000,
  perIpPerDay: 1000,
  perRangePerHour: 1000,
  perRangePerDay: 1000,
  unchallengedPerRangePerHour: 1000,
  unchallengedPerChannelPerHour: 1_000_000,
};

let octet = 0;
/** A /24 no other test uses, as its first three octets ("172.20.7"). */
function uniqueRange(): string {
  octet += 1;
  return `172.${16 + (octet >> 8)}.${octet & 255}`;
}

describe.each(databaseKinds())('send limits by number, address and range on %s', (kind) => {
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

  it(`send at most ${SEND_LIMITS.perIpPerHour} codes an hour from one address, whatever the numbers`, async () => {
    const app = await appWith({ perRangePerHour: 1000, unchallengedPerRangePerHour: 1000 });
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

  it('count the address the proxy saw, not a forged first X-Forwarded-For entry', async () => {
    // TRUST_PROXY=true: one proxy in front, which appends the address it saw to what the client sent.
    const app = await appWith({ ...LOOSE, perIpPerHour: 2 });
    const real = uniqueIp();
    const forged = () => `203.0.113.${Math.floor(Math.random() * 254) + 1}`;
    for (let i = 0; i < 2; i += 1) {
      expect((await sendCode(app, uniquePhone(), `${forged()}, ${real}`)).status).toBe(200);
    }
    const phone = uniquePhone();
    const refused = await sendCode(app, phone, `${forged()}, ${forged()}, ${real}`);
    expect(refused.status).toBe(429);
    expect((await errorMessage(refused)).message).toBe(
      'Too many sign-in attempts from your network. Try again in an hour.',
    );
    expect(await smsCount(app, phone)).toBe(0);
  });

  it('count every address of one IPv4 /24 together', async () => {
    const app = await appWith({ ...LOOSE, perRangePerHour: 3 });
    const range = uniqueRange();
    for (const host of [1, 2, 3]) expect((await sendCode(app, uniquePhone(), `${range}.${host}`)).status).toBe(200);
    const phone = uniquePhone();
    const refused = await sendCode(app, phone, `${range}.200`);
    expect((await errorMessage(refused)).message).toBe(
      'Too many sign-in attempts from your network. Try again in an hour.',
    );
    expect(await smsCount(app, phone)).toBe(0);
    // The next /24 is another network.
    expect((await sendCode(app, uniquePhone(), `${uniqueRange()}.1`)).status).toBe(200);
  });

  it('count the daily sends of one range', async () => {
    const app = await appWith({ ...LOOSE, perRangePerDay: 2 });
    const range = uniqueRange();
    for (const host of [1, 2]) expect((await sendCode(app, uniquePhone(), `${range}.${host}`)).status).toBe(200);
    const refused = await sendCode(app, uniquePhone(), `${range}.3`);
    expect((await errorMessage(refused)).message).toBe(
      'Too many sign-in attempts from your network today. Try again tomorrow.',
    );
  });

  it('count an IPv6 /64 as one address and a /48 as one network', async () => {
    const app = await appWith({ ...LOOSE, perIpPerHour: 2, perRangePerHour: 3 });
    const net = `2001:db8:${uniqueRange().split('.')[2]}`;
    // Two addresses of one /64 (one subscriber's): the second is that subscriber's last send this hour.
    expect((await sendCode(app, uniquePhone(), `${net}:1::1`)).status).toBe(200);
    expect((await sendCode(app, uniquePhone(), `${net}:1:0:0:0:ffff`)).status).toBe(200);
    expect((await sendCode(app, uniquePhone(), `${net}:1::2`)).status).toBe(429);
    // Another /64 of the same /48 may send once more, then the /48 is full.
    expect((await sendCode(app, uniquePhone(), `${net}:2::1`)).status).toBe(200);
    const refused = await sendCode(app, uniquePhone(), `${net}:ffff::1`);
    expect((await errorMessage(refused)).message).toBe(
      'Too many sign-in attempts from your network. Try again in an hour.',
    );
  });

  it('check at most the hourly number of codes from one address, and from one range', async () => {
    const app = await appWith({ ...LOOSE, verifyPerIpPerHour: 2, verifyPerRangePerHour: 3 });
    const range = uniqueRange();
    for (let i = 0; i < 2; i += 1)
      expect((await verifyCode(app, uniquePhone(), '000000', `${range}.1`)).status).toBe(400);
    const phone = uniquePhone();
    await sendCode(app, phone);
    const code = await latestCode(app, phone);
    const refused = await verifyCode(app, phone, code, `${range}.1`);
    expect(refused.status).toBe(429);
    expect((await errorMessage(refused)).message).toBe(
      'Too many sign-in attempts from your network. Try again in an hour.',
    );
    expect(refused.headers.getSetCookie()).toEqual([]);
    // A neighbour in the same /24 has one check left; then the range is full.
    expect((await verifyCode(app, uniquePhone(), '000000', `${range}.2`)).status).toBe(400);
    expect((await verifyCode(app, phone, code, `${range}.3`)).status).toBe(429);
    // The code was never checked, so it still signs in from elsewhere.
    expect((await verifyCode(app, phone, code, uniqueIp())).status).toBe(200);
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

import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, jsonHeaders } from '../../../test/app-harness';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import { outbox, sendCode, uniqueEmail, uniqueIp, uniquePhone } from '../../../test/sign-in-helpers';
import type { DatabaseHandle } from '../../db/client';
import { CHALLENGE_MESSAGE, SEND_LIMITS, type SendLimits } from './send-limits';

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

/** Quick to solve, so tests stay fast; the server checks the same way whatever the cost. */
const EASY_CHALLENGE = { cost: 10, counterMin: 10, counterMax: 50 };

let octet = 0;
/** A /24 no other test uses, as its first three octets ("172.20.7"). */
function uniqueRange(): string {
  octet += 1;
  return `172.${16 + (octet >> 8)}.${octet & 255}`;
}

/** Solves the sign-in challenge the server hands out, as the web app does, into the `altcha` payload. */
async function solvedChallenge(app: App): Promise<string> {
  const res = await app.request('/api/auth/challenge');
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  const challenge = (await res.json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  return btoa(JSON.stringify({ challenge, solution }));
}

function sendCodeWith(app: App, phoneNumber: string, ip: string, altcha?: string) {
  return app.request('/api/auth/phone-number/send-otp', {
    method: 'POST',
    headers: jsonHeaders({ ip }),
    body: JSON.stringify({ phoneNumber, altcha }),
  });
}

describe.each(databaseKinds())('send limits: the proof-of-work challenge on %s', (kind) => {
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

  describe('the proof-of-work challenge', () => {
    it('is needed once a range sent its share of codes without one, and then sends the code', async () => {
      const app = await appWith({ ...LOOSE, unchallengedPerRangePerHour: 2, challenge: EASY_CHALLENGE });
      const range = uniqueRange();
      for (const host of [1, 2]) expect((await sendCode(app, uniquePhone(), `${range}.${host}`)).status).toBe(200);
      const phone = uniquePhone();
      const asked = await sendCode(app, phone, `${range}.3`);
      expect(asked.status).toBe(429);
      expect(await asked.json()).toEqual({
        error: { code: 'RATE_LIMITED', message: CHALLENGE_MESSAGE, fields: { altcha: CHALLENGE_MESSAGE } },
      });
      expect(await smsCount(app, phone)).toBe(0);

      const payload = await solvedChallenge(app);
      expect((await sendCodeWith(app, phone, `${range}.3`, payload)).status).toBe(200);
      expect(await smsCount(app, phone)).toBe(1);
    });

    it('works once: a replayed solution sends nothing', async () => {
      const app = await appWith({ ...LOOSE, challenge: EASY_CHALLENGE });
      const payload = await solvedChallenge(app);
      expect((await sendCodeWith(app, uniquePhone(), uniqueIp(), payload)).status).toBe(200);
      const phone = uniquePhone();
      const replays = await Promise.all([1, 2, 3].map(() => sendCodeWith(app, phone, uniqueIp(), payload)));
      for (const replay of replays) {
        expect(replay.status).toBe(400);
        expect((await errorMessage(replay)).code).toBe('VALIDATION');
      }
      expect(await smsCount(app, phone)).toBe(0);
    });

    it('refuses a wrong, tampered or unsolved solution', async () => {
      const app = await appWith({ ...LOOSE, challenge: EASY_CHALLENGE });
      const solved = JSON.parse(atob(await solvedChallenge(app)));
      const wrongKey = { ...solved, solution: { ...solved.solution, counter: solved.solution.counter + 1 } };
      const easier = {
        ...solved,
        challenge: { ...solved.challenge, parameters: { ...solved.challenge.parameters, cost: 1 } },
      };
      const phone = uniquePhone();
      for (const payload of [btoa(JSON.stringify(wrongKey)), btoa(JSON.stringify(easier)), 'not base64 json', '']) {
        const res = await sendCodeWith(app, phone, uniqueIp(), payload);
        expect(res.status).toBe(400);
        expect((await errorMessage(res)).code).toBe('VALIDATION');
      }
      expect(await smsCount(app, phone)).toBe(0);
    });

    it('is needed by everyone while sends are abnormal site-wide', async () => {
      // The site-wide counter is shared by this database, so measure from what it holds now.
      await sendCode(await appWith(LOOSE), uniquePhone(), uniqueIp());
      const busy = await appWith({ ...LOOSE, unchallengedPerChannelPerHour: 1, challenge: EASY_CHALLENGE });
      const phone = uniquePhone();
      const asked = await sendCode(busy, phone, uniqueIp());
      expect((await errorMessage(asked)).message).toBe(CHALLENGE_MESSAGE);
      expect((await sendCodeWith(busy, phone, uniqueIp(), await solvedChallenge(busy))).status).toBe(200);
    });

    it('guards e-mail links the same way', async () => {
      const app = await appWith({ ...LOOSE, unchallengedPerRangePerHour: 1, challenge: EASY_CHALLENGE });
      const range = uniqueRange();
      const send = (email: string, host: number, altcha?: string) =>
        app.request('/api/auth/sign-in/magic-link', {
          method: 'POST',
          headers: jsonHeaders({ ip: `${range}.${host}` }),
          body: JSON.stringify({ email, callbackURL: '/email', altcha }),
        });
      expect((await send(uniqueEmail(), 1)).status).toBe(200);
      const email = uniqueEmail();
      expect((await errorMessage(await send(email, 2))).message).toBe(CHALLENGE_MESSAGE);
      expect((await send(email, 2, await solvedChallenge(app))).status).toBe(200);
      expect((await outbox(app)).filter((m) => m.to === email)).toHaveLength(1);
    });

    it('does not lift the hard limits', async () => {
      const app = await appWith({ ...LOOSE, perDestinationPerHour: 1, challenge: EASY_CHALLENGE });
      const phone = uniquePhone();
      expect((await sendCode(app, phone)).status).toBe(200);
      const refused = await sendCodeWith(app, phone, uniqueIp(), await solvedChallenge(app));
      expect((await errorMessage(refused)).message).toBe(
        'Too many sign-in codes for this number. Try again in an hour.',
      );
    });
  });
});

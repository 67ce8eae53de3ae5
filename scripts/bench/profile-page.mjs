// A creator to measure the public profile page (/{handle}) with: the preview account, signed in through
// POST /api/preview-sign-in, completes its profile and lists a few wishes, as a creator would before
// sharing the link. The server must run with the preview account open for review (see `previewEnv`).
import { randomBytes } from 'node:crypto';

export const BENCH_HANDLE = 'bench_creator';
const BENCH_DISPLAY_NAME = 'Bench Creator';
const WISHES = [
  { name: 'Pink Guitar', cost: 120, description: 'A pink electric guitar.' },
  { name: 'Vintage Telescope', cost: 2500, allowRepeatPurchases: false },
  { name: 'Tea Set', cost: 45, description: 'Porcelain, for six.', pinned: true },
  { name: 'Red Scarf', cost: 30 },
];

/** Environment that turns the preview account on, with a password of this run only. */
export function previewEnv() {
  return {
    PREVIEW_EMAIL: 'bench-preview@sweetwish.app',
    PREVIEW_PASSWORD: randomBytes(18).toString('base64url'),
    STORE_REVIEW: 'on',
  };
}

/**
 * Signs the preview account in on the server at `url` and gives it a handle and wishes; returns the handle.
 * `origin` is the server's PUBLIC_URL origin: state-changing requests must carry it as Origin.
 */
export async function createBenchCreator({ url, origin, env }) {
  const call = async (method, path, body, cookie) => {
    const res = await fetch(`${url}/api${path}`, {
      method,
      headers: {
        Origin: origin,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(cookie ? { Cookie: cookie } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    return res;
  };
  const expectStatus = async (res, what, ...ok) => {
    if (ok.includes(res.status)) return;
    throw new Error(`bench creator: ${what} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  };

  const signIn = await call('POST', '/preview-sign-in', { email: env.PREVIEW_EMAIL });
  await expectStatus(signIn, 'preview sign-in', 200);
  await signIn.body?.cancel();
  const cookie = signIn.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
  if (!cookie) throw new Error('bench creator: the preview sign-in set no session cookie');

  const complete = await call(
    'POST',
    '/profile/complete',
    { handle: BENCH_HANDLE, displayName: BENCH_DISPLAY_NAME },
    cookie,
  );
  // 409: a data directory where the account already has its profile (and its wishes).
  await expectStatus(complete, 'profile completion', 200, 409);
  if (complete.status === 409) {
    await complete.body?.cancel();
    const me = await call('GET', '/me', undefined, cookie);
    await expectStatus(me, 'GET /api/me', 200);
    const { handle } = await me.json();
    if (!handle) throw new Error('bench creator: the preview account has no handle');
    return handle;
  }
  await complete.body?.cancel();

  for (const wish of WISHES) {
    const res = await call('POST', '/wishes', wish, cookie);
    await expectStatus(res, `creating wish "${wish.name}"`, 201);
    await res.body?.cancel();
  }
  return BENCH_HANDLE;
}

import { ImportedWish, STORE_LINK_UNREADABLE } from '@sweetwish/shared/wish-import';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, captureLogger, jsonHeaders, UNLIMITED_WRITES } from '../../../test/app-harness';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import { type Person, peopleOn } from '../../../test/people';
import { uniqueIp } from '../../../test/sign-in-helpers';
import { type StoreFixtureServer, startStoreFixtureServer } from '../../../test/store-fixture-server';
import { isPublicAddress } from '../../adapters/outbound/address-guard';
import type { DatabaseHandle } from '../../db/client';
import { createImageJobs } from '../media/image-jobs';
import { importWish } from './service';

const PRIVATE = `${STORE_LINK_UNREADABLE}: it points to a private or local address`;
const NOT_WEB = `${STORE_LINK_UNREADABLE}: only http:// and https:// links can be read`;
const PORT = `${STORE_LINK_UNREADABLE}: only links on the standard web ports can be read`;

describe.each(databaseKinds())('reading a store link on %s', (kind) => {
  let database: DatabaseHandle;
  let store: StoreFixtureServer;
  let harness: Awaited<ReturnType<typeof buildTestApp>>;
  let people: ReturnType<typeof peopleOn>;
  let creator: Person;

  let env: Record<string, string>;

  beforeAll(async () => {
    store = await startStoreFixtureServer();
    env = { STORE_IMPORT_TEST_PORT: String(store.port) };
    database = await openFreshDatabase(kind);
    await database.migrate();
    // The test-only switch: 127.0.0.1 on the fixture store's port, and nothing else that is not public.
    // Its write limits out of reach, so every refusal below reaches the route (the limits have a test of their own).
    harness = await buildTestApp(database, { env, writePolicy: UNLIMITED_WRITES });
    people = peopleOn(harness.app, database);
    creator = await people.newPerson();
  });
  afterAll(async () => {
    await store.close();
    await database.close();
  });

  const importLink = (url: string, person: Person | null = creator, ip = uniqueIp()) =>
    harness.app.request('/api/wish-imports', {
      method: 'POST',
      headers: jsonHeaders({ cookie: person?.cookie, ip }),
      body: JSON.stringify({ url }),
    });
  async function refusal(url: string) {
    const answer = await importLink(url);
    const body = (await answer.json()) as { error: { message: string } };
    return { status: answer.status, message: body.error.message };
  }

  it('fills a wish from a Shopify page: name, price in tokens, the image as the creator’s upload; saves no wish', async () => {
    const answer = await importLink(store.page('shopify'));
    expect(answer.status).toBe(200);
    const imported = ImportedWish.parse(await answer.json());
    expect(imported).toMatchObject({
      sourceUrl: store.page('shopify'),
      name: 'Linen Throw Blanket – Oat',
      cost: 149,
      storePrice: { amount: '148.5', currency: 'USD' },
      image: { width: 800, height: 600 },
    });
    expect(imported.image?.url).toMatch(new RegExp(`^/media/images/users/${creator.id}/[\\w-]+\\.jpg$`));
    expect(imported.image?.blurhash).toHaveLength(36);
    const photo = await harness.app.request(imported.image?.url ?? '');
    expect(photo.headers.get('content-type')).toBe('image/jpeg');
    // The page and then its image, each read with the reader's own agent and without a cookie.
    const asked = store.requests.filter((r) => r.path.startsWith('/products/shopify') || r.path.endsWith('.jpg'));
    expect(asked.map((r) => r.path)).toEqual(['/products/shopify', '/cdn/shop/files/product.jpg']);
    for (const request of asked) {
      expect(request.headers['user-agent']).toMatch(/^SweetwishLinkReader\/1\.0 \(\+http:\/\/localhost/);
      expect(request.headers.cookie).toBeUndefined();
    }
    expect(await people.json(people.get(creator, `/users/${creator.id}/wishes`))).toEqual([]);
  });

  it('keeps a euro price as the store wrote it and leaves the token price empty', async () => {
    const imported = ImportedWish.parse(await (await importLink(store.page('euro-price'))).json());
    expect(imported).toMatchObject({ cost: null, storePrice: { amount: '89.90', currency: 'EUR' }, image: null });
  });

  it('refuses schemes other than http and https, and text that is not a link', async () => {
    for (const url of ['ftp://127.0.0.1/p', 'file:///etc/passwd', 'javascript:alert(1)', 'gopher://127.0.0.1:70/']) {
      expect(await refusal(url), url).toEqual({ status: 400, message: NOT_WEB });
    }
    expect(await refusal('a lovely lamp')).toEqual({
      status: 400,
      message: `${STORE_LINK_UNREADABLE}: it is not a web address`,
    });
  });

  it('refuses ports other than the default ones', async () => {
    for (const url of [
      'https://shop.example:8443/p',
      'http://shop.example:8080/p',
      `http://127.0.0.1:${store.port + 1}/`,
    ]) {
      expect(await refusal(url), url).toEqual({ status: 400, message: PORT });
    }
  });

  it('refuses loopback, private, link-local and reserved addresses in every spelling, IPv4 and IPv6', async () => {
    const inside = [
      'http://localhost/',
      'http://shop.localhost/',
      'http://127.0.0.2/',
      'http://127.2/',
      'http://0x7f000002/',
      'http://2130706434/',
      'http://0177.0.0.2/',
      'http://0.0.0.0/',
      'http://10.0.0.1/',
      'http://172.16.5.4/',
      'http://192.168.1.1/',
      'http://100.100.100.200/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/',
      'http://[::]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::ffff:7f00:2]/',
      'http://[::ffff:10.0.0.1]/',
      'http://[::127.0.0.1]/',
      'http://[64:ff9b::7f00:1]/',
      'http://[2002:7f00:1::]/',
      'http://[fd00:ec2::254]/',
      'http://[fe80::1]/',
    ];
    for (const url of inside) expect(await refusal(url), url).toEqual({ status: 400, message: PRIVATE });
  });

  it('refuses a link with a user name or password', async () => {
    expect(await refusal(`http://user:secret@127.0.0.1:${store.port}/products/shopify`)).toEqual({
      status: 400,
      message: `${STORE_LINK_UNREADABLE}: it carries a user name or password`,
    });
  });

  it('checks each redirect again: into a private address, another port or scheme, or past the third', async () => {
    const redirectTo = (name: string, location: string) =>
      store.answer(`/redirect/${name}`, (res) => res.writeHead(302, { location }).end());
    expect(await refusal(redirectTo('private', `http://127.0.0.2:${store.port}/products/shopify`))).toEqual({
      status: 400,
      message: PRIVATE,
    });
    expect(await refusal(redirectTo('metadata', 'http://169.254.169.254/latest/meta-data/'))).toEqual({
      status: 400,
      message: PRIVATE,
    });
    expect(await refusal(redirectTo('port', 'https://shop.example:8443/p'))).toEqual({ status: 400, message: PORT });
    expect(await refusal(redirectTo('file', 'file:///etc/passwd'))).toEqual({ status: 400, message: NOT_WEB });
    // Three hops are followed (and a cookie set on the way is not sent back); a fourth is refused.
    store.answer('/hop/3', (res) =>
      res.writeHead(301, { location: '/products/woocommerce', 'set-cookie': 'session=abc; Path=/' }).end(),
    );
    redirectTo('hop-2', '/hop/3');
    const threeHops = redirectTo('hop-1', `${store.origin}/redirect/hop-2`);
    const imported = await importLink(threeHops);
    expect(imported.status).toBe(200);
    expect(ImportedWish.parse(await imported.json()).name).toBe('Hand-thrown Stoneware Mug');
    expect(store.requests.find((r) => r.path === '/products/woocommerce')?.headers.cookie).toBeUndefined();
    expect(await refusal(redirectTo('hop-0', `${store.origin}/redirect/hop-1`))).toEqual({
      status: 400,
      message: `${STORE_LINK_UNREADABLE}: it redirects more than 3 times`,
    });
  });

  it('refuses a name when any address it resolves to is not public', async () => {
    const { logger } = captureLogger();
    const deps = {
      media: { db: database.db, storage: harness.storage, images: createImageJobs() },
      logger,
      policy: {
        allowHttp: true,
        userAgent: 'test',
        resolve: async () => [
          { address: '93.184.215.14', family: 4 as const },
          { address: '10.0.0.5', family: 4 as const },
        ],
        isPublic: isPublicAddress,
      },
    };
    await expect(importWish(deps, creator.id, 'https://shop.invalid/products/lamp')).rejects.toThrow(PRIVATE);
  });

  it('says why a page that answers cannot be used: an error status, not a web page, no product', async () => {
    expect(await refusal(`${store.origin}/products/gone`)).toEqual({
      status: 400,
      message: `${STORE_LINK_UNREADABLE}: the store answered 404`,
    });
    const pdf = store.answer('/catalogue.pdf', (res) =>
      res.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF'),
    );
    expect(await refusal(pdf)).toEqual({ status: 400, message: `${STORE_LINK_UNREADABLE}: it is not a web page` });
    const empty = store.answer('/empty', (res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<p></p>'));
    expect(await refusal(empty)).toEqual({
      status: 400,
      message: `${STORE_LINK_UNREADABLE}: the page has no product on it`,
    });
  });

  it('reads only the first 2 MB of a page that never ends', async () => {
    const endless = store.answer('/endless', (res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<title>Endless Scarf</title>');
      const timer = setInterval(() => res.write(`<p>${'x'.repeat(64 * 1024)}</p>`), 1);
      res.on('close', () => clearInterval(timer));
    });
    const answer = await importLink(endless);
    expect(answer.status).toBe(200);
    expect(ImportedWish.parse(await answer.json()).name).toBe('Endless Scarf');
  });

  it('gives up on a store that does not answer within 5 s in all', async () => {
    const silent = store.answer('/silent', () => {});
    expect(await refusal(silent)).toEqual({
      status: 400,
      message: `${STORE_LINK_UNREADABLE}: the store took too long to answer`,
    });
  });

  it('asks for a signed-in creator, a request from the app itself, and limits how often', async () => {
    expect((await importLink(store.page('shopify'), null)).status).toBe(401);
    const foreign = await harness.app.request('/api/wish-imports', {
      method: 'POST',
      headers: { ...jsonHeaders({ cookie: creator.cookie }), Origin: 'https://elsewhere.example' },
      body: JSON.stringify({ url: store.page('shopify') }),
    });
    expect(foreign.status).toBe(403);
    // The counters are shared by both apps: a reader who has read nothing yet.
    const reader = await people.newPerson();
    const limitedApp = (await buildTestApp(database, { env })).app;
    const importOnLimitedApp = () =>
      limitedApp.request('/api/wish-imports', {
        method: 'POST',
        headers: jsonHeaders({ cookie: reader.cookie, ip: uniqueIp() }),
        body: JSON.stringify({ url: `${store.origin}/products/gone` }),
      });
    for (let i = 0; i < 10; i++) expect((await importOnLimitedApp()).status).toBe(400);
    const limited = await importOnLimitedApp();
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { error: { message: string } }).error.message).toBe(
      'Too many links read. Please wait a minute and try again.',
    );
  });
});

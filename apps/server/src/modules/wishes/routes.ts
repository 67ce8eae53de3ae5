import { OpenAPIHono, type z } from '@hono/zod-openapi';
import type { ProfilePage, UpdateWishInput, Wish, WishList } from '@sweetwish/shared/wishes';
import type { TypedResponse } from 'hono';
import type { PublicCache } from '../../changes/public-cache';
import type { Database, DatabaseHandle } from '../../db/client';
import { pageRequest } from '../../db/keyset';
import type { AppEnv } from '../../http/context';
import { sendJsonBytes } from '../../http/json-bytes';
import { requireUser, viewerId } from '../../http/session';
import { validationHook } from '../../http/validation-hook';
import type { Auth } from '../accounts/auth';
import { archivedRoute, createRouteDef, getRoute, listRoute, profilePageRoute, updateRouteDef } from './contract';
import { profilePage } from './profile-page';
import { createWish, getWishPage, listArchivedWishPage, listWishes, updateWish } from './service';

export function wishRoutes(deps: {
  database: DatabaseHandle;
  auth: Auth;
  publicCache: PublicCache;
  /** Checks and acts on a change before it is written, in its transaction (group gifts: wired by app.ts). */
  beforeWishUpdate: (tx: Database, current: Wish, changes: UpdateWishInput) => Promise<void>;
}) {
  const db = deps.database.db;
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.on(['POST', 'PATCH'], '/wishes/*', requireUser(deps.auth));
  app.post('/wishes', requireUser(deps.auth));
  return app
    .openapi(profilePageRoute, async (c) => {
      // The page fans land on, in one round trip rather than the profile and then its wishes (issue 23).
      const page = await profilePage(db, deps.publicCache, c.req.valid('param').handle);
      return sendJsonBytes(c, page) as unknown as TypedResponse<z.infer<typeof ProfilePage>, 200, 'json'>;
    })
    .openapi(listRoute, async (c) => {
      // The public list is the same for everyone, so it is cached (the owner's archived list is not).
      const id = c.req.valid('param').id;
      const list = await deps.publicCache.getOrLoad(
        `wishes:${id}`,
        () => id,
        () => listWishes(db, id),
      );
      return sendJsonBytes(c, list) as unknown as TypedResponse<z.infer<typeof WishList>, 200, 'json'>;
    })
    .openapi(archivedRoute, async (c) => {
      const viewer = await viewerId(deps.auth, c.req.raw.headers);
      const page = pageRequest(c.req.valid('query'));
      return c.json(await listArchivedWishPage(db, c.req.valid('param').id, viewer, page), 200);
    })
    .openapi(getRoute, async (c) => c.json(await getWishPage(db, c.req.valid('param').id), 200))
    .openapi(createRouteDef, async (c) => {
      const wish = await createWish(db, c.get('userId'), c.req.valid('json'));
      deps.publicCache.forget({ topic: 'wishes', userId: wish.sellerId });
      return c.json(wish, 201);
    })
    .openapi(updateRouteDef, async (c) => {
      const changes = c.req.valid('json');
      // Archiving an unfunded group gift gives its contributions back, in the same transaction (decision 033).
      const wish = await updateWish(db, c.get('userId'), c.req.valid('param').id, changes, (tx, current) =>
        deps.beforeWishUpdate(tx, current, changes),
      );
      deps.publicCache.forget({ topic: 'wishes', userId: wish.sellerId });
      return c.json(wish, 200);
    });
}

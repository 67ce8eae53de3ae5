import { OpenAPIHono, type z } from '@hono/zod-openapi';
import type { PublicProfile, UserSearchResults } from '@sweetwish/shared/profiles';
import type { TypedResponse } from 'hono';
import type { PublicCache } from '../../changes/public-cache';
import type { DatabaseHandle } from '../../db/client';
import { AppError } from '../../errors';
import type { AppEnv } from '../../http/context';
import { sendJsonBytes } from '../../http/json-bytes';
import { requireUser, viewerId } from '../../http/session';
import { validationHook } from '../../http/validation-hook';
import type { Auth } from '../accounts/auth';
import {
  getAffiliate,
  getHandleAvailability,
  getProfile,
  patchProfile,
  postCompleteProfile,
  putHandle,
  searchRoute,
} from './contract';
import { completeProfile, findInviter, isHandleAvailable, setHandle } from './handles';
import { getPublicProfile, searchUsers, updateProfile } from './service';

export function profileRoutes(deps: { database: DatabaseHandle; auth: Auth; publicCache: PublicCache }) {
  const db = deps.database.db;
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.patch('/profile', requireUser(deps.auth));
  app.use('/profile/*', requireUser(deps.auth));
  return app
    .openapi(getProfile, async (c) => {
      const handle = c.req.valid('param').handle.toLowerCase();
      const load = () => getPublicProfile(db, handle);
      const profile = await deps.publicCache.getOrLoad(`profile:${handle}`, (p) => p.id, load);
      return sendJsonBytes(c, profile) as unknown as TypedResponse<z.infer<typeof PublicProfile>, 200, 'json'>;
    })
    .openapi(patchProfile, async (c) => {
      const profile = await updateProfile(db, c.get('userId'), c.req.valid('json'));
      deps.publicCache.forget({ topic: 'profile', userId: profile.id });
      return c.json(profile, 200);
    })
    .openapi(searchRoute, async (c) => {
      const q = c.req.valid('query').q;
      const load = () => searchUsers(db, q);
      const found = await deps.publicCache.getOrLoad(`search:${q.toLowerCase()}`, () => '', load);
      return sendJsonBytes(c, found) as unknown as TypedResponse<z.infer<typeof UserSearchResults>, 200, 'json'>;
    })
    .openapi(getHandleAvailability, async (c) => {
      const { handle } = c.req.valid('query');
      const userId = await viewerId(deps.auth, c.req.raw.headers);
      return c.json({ handle, isAvailable: await isHandleAvailable(db, handle, userId) }, 200);
    })
    .openapi(postCompleteProfile, async (c) => {
      const input = c.req.valid('json');
      const me = await completeProfile(db, c.get('userId'), input);
      deps.publicCache.forget({ topic: 'handle', handle: input.handle.toLowerCase() });
      return c.json(me, 200);
    })
    .openapi(putHandle, async (c) => {
      const { handle } = c.req.valid('json');
      const me = await setHandle(db, c.get('userId'), handle);
      deps.publicCache.forget({ topic: 'handle', handle: handle.toLowerCase() }, { topic: 'profile', userId: me.id });
      return c.json(me, 200);
    })
    .openapi(getAffiliate, async (c) => {
      const inviter = await findInviter(db, c.req.valid('param').code);
      if (!inviter) throw new AppError('NOT_FOUND', 'No such inviter');
      return c.json(inviter, 200);
    });
}

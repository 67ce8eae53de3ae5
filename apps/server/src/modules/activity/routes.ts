import { OpenAPIHono } from '@hono/zod-openapi';
import type { DatabaseHandle } from '../../db/client';
import type { AppEnv } from '../../http/context';
import { requireUser } from '../../http/session';
import { validationHook } from '../../http/validation-hook';
import type { Auth } from '../accounts/auth';
import { getConversationSummary } from '../conversations/service';
import { getGiftActivity } from '../gifts/service';

import { activityRoute } from './contract';

/** GET /api/activity: the side menu's entries and badges in one answer, from the gifts and conversations modules. */
export function activityRoutes(deps: { database: DatabaseHandle; auth: Auth }) {
  const db = deps.database.db;
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.use('/activity', requireUser(deps.auth));
  return app.openapi(activityRoute, async (c) => {
    const userId = c.get('userId');
    const [gifts, conversations] = await Promise.all([getGiftActivity(db, userId), getConversationSummary(db, userId)]);
    return c.json({ ...gifts, ...conversations }, 200);
  });
}

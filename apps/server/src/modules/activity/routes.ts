import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { ActivitySummary } from '@sweetwish/shared/wallet';
import type { DatabaseHandle } from '../../db/client';
import type { AppEnv } from '../../http/context';
import { errorResponse, jsonResponse } from '../../http/openapi-responses';
import { requireUser } from '../../http/session';
import { validationHook } from '../../http/validation-hook';
import type { Auth } from '../accounts/auth';
import { getConversationSummary } from '../conversations/service';
import { getGiftActivity } from '../gifts/service';

const activityRoute = createRoute({
  method: 'get',
  path: '/activity',
  summary: 'What the side menu shows: purchases, received items and conversations, and how many are unseen',
  responses: { 200: jsonResponse(ActivitySummary, 'The summary'), 401: errorResponse('Nobody is signed in') },
});

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

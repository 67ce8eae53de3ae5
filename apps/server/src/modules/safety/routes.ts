import { OpenAPIHono } from '@hono/zod-openapi';
import { CreateReportInput } from '@sweetwish/shared/safety';
import { createMiddleware } from 'hono/factory';
import type { PublicCache } from '../../changes/public-cache';
import type { DatabaseHandle } from '../../db/client';
import { pageRequest } from '../../db/keyset';
import type { AppEnv } from '../../http/context';
import { handleNotFound } from '../../http/error-handler';
import { forgetUserSessions, requireUser, viewerId } from '../../http/session';
import { validationHook } from '../../http/validation-hook';
import type { Auth } from '../accounts/auth';
import { forgetGiftRecipient, listSuspendedAccounts } from '../accounts/service';
import { blockUser, getBlockStatus, listBlockedUsers, unblockUser } from './blocks';
import {
  actRoute,
  auditRoute,
  blockInConversationRoute,
  blockRoute,
  blockStatusRoute,
  liftSuspensionRoute,
  listBlocksRoute,
  queueRoute,
  reportRoute,
  rolesRoute,
  suspendedRoute,
  suspensionRoute,
  unblockInConversationRoute,
  unblockRoute,
} from './contract';
import type { ConversationsPort } from './conversations-port';
import { actOnReport, getRoles, isModerator, liftAccountSuspension, type Moderators } from './moderation';
import { listAuditLog, listReportQueue } from './moderation-views';
import { createReport } from './reports';
import { getSuspensionStatus } from './suspension';

export function safetyRoutes(deps: {
  database: DatabaseHandle;
  auth: Auth;
  publicCache: PublicCache;
  moderators: Moderators;
  conversations: ConversationsPort;
}) {
  const db = deps.database.db;
  const { announceConversationsOf, getOtherParticipant } = deps.conversations;
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  for (const path of ['/users/:id/block', '/conversations/:id/block', '/blocks', '/reports', '/me/roles']) {
    app.use(path, requireUser(deps.auth));
  }
  // Checked on the server for every moderation route, before anything else runs (decision 028).
  const requireModerator = createMiddleware<AppEnv>(async (c, next) => {
    const userId = await viewerId(deps.auth, c.req.raw.headers);
    if (!userId || !(await isModerator(db, deps.moderators, userId))) return handleNotFound(c);
    c.set('userId', userId);
    return next();
  });
  app.use('/moderation/*', requireModerator);
  return app
    .openapi(blockStatusRoute, async (c) =>
      c.json(await getBlockStatus(db, c.get('userId'), c.req.valid('param').id), 200),
    )
    .openapi(blockRoute, async (c) => {
      const refusesGifts = c.req.valid('json')?.refusesGifts === true;
      const otherId = c.req.valid('param').id;
      const status = await blockUser(db, c.get('userId'), otherId, { refusesGifts });
      await announceConversationsOf(db, [c.get('userId'), otherId]);
      return c.json(status, 200);
    })
    .openapi(unblockRoute, async (c) => {
      const otherId = c.req.valid('param').id;
      const status = await unblockUser(db, c.get('userId'), otherId);
      await announceConversationsOf(db, [c.get('userId'), otherId]);
      return c.json(status, 200);
    })
    .openapi(blockInConversationRoute, async (c) => {
      const refusesGifts = c.req.valid('json')?.refusesGifts === true;
      const other = await getOtherParticipant(db, c.get('userId'), c.req.valid('param').id);
      const options = { refusesGifts, isAnonymous: other.isAnonymous };
      const status = await blockUser(db, c.get('userId'), other.userId, options);
      await announceConversationsOf(db, [c.get('userId'), other.userId]);
      return c.json(status, 200);
    })
    .openapi(unblockInConversationRoute, async (c) => {
      const other = await getOtherParticipant(db, c.get('userId'), c.req.valid('param').id);
      const status = await unblockUser(db, c.get('userId'), other.userId);
      await announceConversationsOf(db, [c.get('userId'), other.userId]);
      return c.json(status, 200);
    })
    .openapi(listBlocksRoute, async (c) =>
      c.json(await listBlockedUsers(db, c.get('userId'), pageRequest(c.req.valid('query'))), 200),
    )
    .openapi(reportRoute, async (c) => {
      const input = CreateReportInput.parse(c.req.valid('json'));
      return c.json(await createReport(db, deps.conversations, c.get('userId'), input), 201);
    })
    .openapi(rolesRoute, async (c) => c.json(await getRoles(db, deps.moderators, c.get('userId')), 200))
    .openapi(queueRoute, async (c) => c.json(await listReportQueue(db, pageRequest(c.req.valid('query'))), 200))
    .openapi(actRoute, async (c) => {
      const outcome = await actOnReport(
        db,
        deps.conversations,
        c.get('userId'),
        c.req.valid('param').id,
        c.req.valid('json'),
      );
      // This instance drops what changed at once; the others hear it through the change feed.
      if (outcome.changedWishesOf) deps.publicCache.forget({ topic: 'wishes', userId: outcome.changedWishesOf });
      if (outcome.suspendedUserId) {
        forgetUserSessions(deps.auth, outcome.suspendedUserId);
        forgetGiftRecipient(outcome.suspendedUserId);
        deps.publicCache.forget(
          { topic: 'profile', userId: outcome.suspendedUserId },
          { topic: 'wishes', userId: outcome.suspendedUserId },
        );
      }
      return c.json({ reportId: outcome.reportId, action: outcome.action }, 200);
    })
    .openapi(auditRoute, async (c) => c.json(await listAuditLog(db, pageRequest(c.req.valid('query'))), 200))
    .openapi(suspendedRoute, async (c) =>
      c.json(await listSuspendedAccounts(db, pageRequest(c.req.valid('query'))), 200),
    )
    .openapi(liftSuspensionRoute, async (c) => {
      const userId = c.req.valid('param').id;
      await liftAccountSuspension(db, c.get('userId'), userId, c.req.valid('json'));
      // Its page and wishlist answered "User Not Found" from the cache; the other instances hear the feed.
      deps.publicCache.forget({ topic: 'profile', userId }, { topic: 'wishes', userId });
      return c.body(null, 204);
    })
    .openapi(suspensionRoute, async (c) => c.json(await getSuspensionStatus(db, c.req.raw.headers), 200));
}

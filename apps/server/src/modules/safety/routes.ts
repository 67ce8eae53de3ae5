import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { PageQuery } from '@sweetwish/shared/paging';
import {
  AuditPage,
  BlockedUserPage,
  BlockInput,
  BlockStatus,
  CreateReportInput,
  LiftSuspensionInput,
  ModerationActionInput,
  ModerationActionResult,
  OpenReportPage,
  ReportReceipt,
  Roles,
  SuspendedAccountPage,
} from '@sweetwish/shared/safety';
import { createMiddleware } from 'hono/factory';
import type { PublicCache } from '../../changes/public-cache';
import type { DatabaseHandle } from '../../db/client';
import { pageRequest } from '../../db/keyset';
import type { AppEnv } from '../../http/context';
import { handleNotFound } from '../../http/error-handler';
import { errorResponse, jsonResponse } from '../../http/openapi-responses';
import { forgetUserSessions, requireUser, viewerId } from '../../http/session';
import { validationHook } from '../../http/validation-hook';
import type { Auth } from '../accounts/auth';
import { forgetGiftRecipient, listSuspendedAccounts } from '../accounts/service';
import { blockUser, getBlockStatus, listBlockedUsers, unblockUser } from './blocks';
import type { ConversationsPort } from './conversations-port';
import {
  actOnReport,
  getRoles,
  isModerator,
  liftAccountSuspension,
  listAuditLog,
  listReportQueue,
  type Moderators,
} from './moderation';
import { createReport } from './reports';

const Id = z.object({ id: z.string().min(1).max(64) });
const signedIn = { 401: errorResponse('Nobody is signed in') };
const blockBody = { body: { required: false, content: { 'application/json': { schema: BlockInput } } } };

const blockStatusRoute = createRoute({
  method: 'get',
  path: '/users/{id}/block',
  summary: 'Whether the signed-in user blocked this user',
  request: { params: Id },
  responses: { 200: jsonResponse(BlockStatus, 'The block'), ...signedIn },
});

const blockRoute = createRoute({
  method: 'put',
  path: '/users/{id}/block',
  summary: 'Block a user (from their profile); optionally refuse their gifts too',
  request: { params: Id, ...blockBody },
  responses: {
    200: jsonResponse(BlockStatus, 'The block'),
    400: errorResponse('Blocking oneself'),
    ...signedIn,
    404: errorResponse('No such user'),
  },
});

const unblockRoute = createRoute({
  method: 'delete',
  path: '/users/{id}/block',
  summary: 'Undo a block',
  request: { params: Id },
  responses: { 200: jsonResponse(BlockStatus, 'No block'), ...signedIn },
});

const blockInConversationRoute = createRoute({
  method: 'put',
  path: '/conversations/{id}/block',
  summary: "Block a conversation's other participant (an anonymous buyer stays anonymous)",
  request: { params: Id, ...blockBody },
  responses: {
    200: jsonResponse(BlockStatus, 'The block'),
    ...signedIn,
    404: errorResponse('No such conversation of the signed-in user'),
  },
});

const unblockInConversationRoute = createRoute({
  method: 'delete',
  path: '/conversations/{id}/block',
  summary: "Undo the block of a conversation's other participant",
  request: { params: Id },
  responses: {
    200: jsonResponse(BlockStatus, 'No block'),
    ...signedIn,
    404: errorResponse('No such conversation of the signed-in user'),
  },
});

const listBlocksRoute = createRoute({
  method: 'get',
  path: '/blocks',
  summary: 'A page of the users the signed-in user blocked, newest first (settings)',
  request: { query: PageQuery },
  responses: {
    200: jsonResponse(BlockedUserPage, 'The blocked users'),
    400: errorResponse('A bad cursor or limit'),
    ...signedIn,
  },
});

const reportRoute = createRoute({
  method: 'post',
  path: '/reports',
  summary: 'Report a profile, a wish or a message, with a reason and a note',
  request: { body: { required: true, content: { 'application/json': { schema: CreateReportInput } } } },
  responses: {
    201: jsonResponse(ReportReceipt, 'The report arrived'),
    400: errorResponse('A field breaks a rule, or the content is the reporter\u2019s own'),
    ...signedIn,
    404: errorResponse('Nothing the reporter can see'),
    409: errorResponse('The reporter has an open report of it already'),
  },
});

const rolesRoute = createRoute({
  method: 'get',
  path: '/me/roles',
  summary: 'Whether the signed-in user moderates',
  responses: { 200: jsonResponse(Roles, 'The roles'), ...signedIn },
});

// Every moderation route answers 404 to anyone but a moderator (signed out included), as if it did not exist.
const hidden = { 404: errorResponse('Not a moderator, or no such report') };

const queueRoute = createRoute({
  method: 'get',
  path: '/moderation/reports',
  summary:
    'A page of the moderation queue: one entry per reported target, each reporter’s first report before anyone’s second, then oldest first, with the content as it was reported (moderators only)',
  request: { query: PageQuery },
  responses: {
    200: jsonResponse(OpenReportPage, 'The open reports'),
    400: errorResponse('A bad cursor or limit'),
    ...hidden,
  },
});

const actRoute = createRoute({
  method: 'post',
  path: '/moderation/reports/{id}/actions',
  summary: "Dismiss a report, hide its wish or message, or suspend its content's account (moderators only)",
  request: { params: Id, body: { required: true, content: { 'application/json': { schema: ModerationActionInput } } } },
  responses: {
    200: jsonResponse(ModerationActionResult, 'Done, and written to the audit log'),
    400: errorResponse('A field breaks a rule, or a profile cannot be hidden'),
    ...hidden,
    409: errorResponse('The report was handled already'),
  },
});

const auditRoute = createRoute({
  method: 'get',
  path: '/moderation/audit',
  summary: "A page of the moderators' audit log, newest first (moderators only)",
  request: { query: PageQuery },
  responses: { 200: jsonResponse(AuditPage, 'The audit log'), 400: errorResponse('A bad cursor or limit'), ...hidden },
});

const suspendedRoute = createRoute({
  method: 'get',
  path: '/moderation/suspended',
  summary: 'A page of the suspended accounts, the latest suspended first (moderators only)',
  request: { query: PageQuery },
  responses: {
    200: jsonResponse(SuspendedAccountPage, 'The suspended accounts'),
    400: errorResponse('A bad cursor or limit'),
    ...hidden,
  },
});

const liftSuspensionRoute = createRoute({
  method: 'post',
  path: '/moderation/suspended/{id}/lift',
  summary: 'Lift the suspension of an account, with a reason (moderators only)',
  request: { params: Id, body: { required: true, content: { 'application/json': { schema: LiftSuspensionInput } } } },
  responses: {
    204: { description: 'Lifted, and written to the audit log' },
    400: errorResponse('No reason, or one too long'),
    ...hidden,
    409: errorResponse('The account is not suspended'),
  },
});

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
    });
}

import { createRoute, z } from '@hono/zod-openapi';
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
  SuspensionStatus,
} from '@sweetwish/shared/safety';
import { OPTIONAL_SESSION, SESSION } from '../../http/api-contract';
import { errorResponse, jsonResponse } from '../../http/openapi-responses';

export const Id = z.object({ id: z.string().min(1).max(64) });
export const signedIn = { 401: errorResponse('Nobody is signed in') };
export const blockBody = { body: { required: false, content: { 'application/json': { schema: BlockInput } } } };

export const blockStatusRoute = createRoute({
  operationId: 'safetyBlockStatus',
  security: SESSION,
  method: 'get',
  path: '/users/{id}/block',
  summary: 'Whether the signed-in user blocked this user',
  request: { params: Id },
  responses: { 404: errorResponse('No such user'), 200: jsonResponse(BlockStatus, 'The block'), ...signedIn },
});

export const blockRoute = createRoute({
  operationId: 'safetyBlock',
  security: SESSION,
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

export const unblockRoute = createRoute({
  operationId: 'safetyUnblock',
  security: SESSION,
  method: 'delete',
  path: '/users/{id}/block',
  summary: 'Undo a block',
  request: { params: Id },
  responses: { 404: errorResponse('No such user'), 200: jsonResponse(BlockStatus, 'No block'), ...signedIn },
});

export const blockInConversationRoute = createRoute({
  operationId: 'safetyBlockInConversation',
  security: SESSION,
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

export const unblockInConversationRoute = createRoute({
  operationId: 'safetyUnblockInConversation',
  security: SESSION,
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

export const listBlocksRoute = createRoute({
  operationId: 'safetyListBlocks',
  security: SESSION,
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

export const reportRoute = createRoute({
  operationId: 'safetyReport',
  security: SESSION,
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

export const rolesRoute = createRoute({
  operationId: 'safetyRoles',
  security: SESSION,
  method: 'get',
  path: '/me/roles',
  summary: 'Whether the signed-in user moderates',
  responses: { 200: jsonResponse(Roles, 'The roles'), ...signedIn },
});

// Every moderation route answers 404 to anyone but a moderator (signed out included), as if it did not exist.
export const hidden = { 404: errorResponse('Not a moderator, or no such report') };

export const queueRoute = createRoute({
  operationId: 'safetyQueue',
  security: OPTIONAL_SESSION,
  method: 'get',
  path: '/moderation/reports',
  summary:
    'A page of the moderation queue: one entry per reported target (its reports merged: how many, their reasons), each reporter’s first report before anyone’s second, then oldest first, with the reporter, the content’s owner, the content as it was reported and its address (moderators only)',
  request: { query: PageQuery },
  responses: {
    200: jsonResponse(OpenReportPage, 'The open reports'),
    400: errorResponse('A bad cursor or limit'),
    ...hidden,
  },
});

export const actRoute = createRoute({
  operationId: 'safetyAct',
  security: OPTIONAL_SESSION,
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

export const auditRoute = createRoute({
  operationId: 'safetyAudit',
  security: OPTIONAL_SESSION,
  method: 'get',
  path: '/moderation/audit',
  summary:
    "A page of the moderators' audit log, newest first: who did what to whose content, when and why (moderators only)",
  request: { query: PageQuery },
  responses: { 200: jsonResponse(AuditPage, 'The audit log'), 400: errorResponse('A bad cursor or limit'), ...hidden },
});

export const suspendedRoute = createRoute({
  operationId: 'safetySuspended',
  security: OPTIONAL_SESSION,
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

export const liftSuspensionRoute = createRoute({
  operationId: 'safetyLiftSuspension',
  security: OPTIONAL_SESSION,
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

export const suspensionRoute = createRoute({
  operationId: 'safetySuspension',
  security: OPTIONAL_SESSION,
  method: 'get',
  path: '/suspension',
  summary:
    "Whether this browser's session was ended by a suspension that still stands, and the moderator's reason (the suspended screen)",
  responses: { 200: jsonResponse(SuspensionStatus, 'The suspension, or null') },
});

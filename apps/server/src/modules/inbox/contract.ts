import { createRoute } from '@hono/zod-openapi';
import { InboxPage, InboxUnread, MarkInboxReadInput } from '@sweetwish/shared/inbox';
import { PageQuery } from '@sweetwish/shared/paging';
import { SESSION } from '../../http/api-contract';
import { errorResponse, jsonResponse } from '../../http/openapi-responses';

const signedIn = { 401: errorResponse('Nobody is signed in') };

export const listInboxRoute = createRoute({
  operationId: 'inboxList',
  security: SESSION,
  method: 'get',
  path: '/inbox',
  summary: "A page of the signed-in user's inbox: what happened to them, newest first",
  request: { query: PageQuery },
  responses: {
    200: jsonResponse(InboxPage, 'The events'),
    400: errorResponse('A bad cursor or limit'),
    ...signedIn,
  },
});

export const inboxUnreadRoute = createRoute({
  operationId: 'inboxUnread',
  security: SESSION,
  method: 'get',
  path: '/inbox/unread',
  summary: "How many of the signed-in user's inbox events are unread (the top bar's bell)",
  responses: { 200: jsonResponse(InboxUnread, 'The count'), ...signedIn },
});

export const markInboxReadRoute = createRoute({
  operationId: 'inboxMarkRead',
  security: SESSION,
  method: 'post',
  path: '/inbox/read',
  summary: 'Mark inbox events the user saw as read; ids of events not theirs change nothing',
  request: { body: { required: true, content: { 'application/json': { schema: MarkInboxReadInput } } } },
  responses: {
    200: jsonResponse(InboxUnread, 'The unread count after marking'),
    400: errorResponse('No ids, or too many'),
    ...signedIn,
  },
});

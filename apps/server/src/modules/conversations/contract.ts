import { createRoute, z } from '@hono/zod-openapi';
import {
  Conversation,
  ConversationPage,
  CreateConversationInput,
  CreateConversationResult,
  Message,
  MessageChanges,
  MessageChangesQuery,
  MessagePage,
  MessagePageQuery,
  SendImageInput,
  SendTextInput,
  SetReactionInput,
} from '@sweetwish/shared/conversations';
import { PageQuery } from '@sweetwish/shared/paging';
import { SESSION } from '../../http/api-contract';
import { errorResponse, jsonResponse } from '../../http/openapi-responses';

export const Id = z.object({ id: z.string().min(1).max(64) });
export const MessageId = Id.extend({ messageId: z.string().min(1).max(64) });
export const signedIn = { 401: errorResponse('Nobody is signed in') };
export const notTheirs = { 404: errorResponse('No such conversation (or message) of the signed-in user') };

export const createConversationRoute = createRoute({
  operationId: 'conversationsCreateConversation',
  security: SESSION,
  method: 'post',
  path: '/conversations',
  summary: "Open a purchase's conversation, or find the one it has (createConversation)",
  request: { body: { required: true, content: { 'application/json': { schema: CreateConversationInput } } } },
  responses: {
    200: jsonResponse(CreateConversationResult, 'The conversation'),
    400: errorResponse('A field breaks a rule'),
    ...signedIn,
    404: errorResponse('No such purchase on that side for the signed-in user'),
  },
});

export const listRoute = createRoute({
  operationId: 'conversationsList',
  security: SESSION,
  method: 'get',
  path: '/conversations',
  summary: "A page of the signed-in user's conversations, most recently active first",
  request: { query: PageQuery },
  responses: {
    200: jsonResponse(ConversationPage, 'The conversations'),
    400: errorResponse('A bad cursor or limit'),
    ...signedIn,
  },
});

export const getRoute = createRoute({
  operationId: 'conversationsGet',
  security: SESSION,
  method: 'get',
  path: '/conversations/{id}',
  summary: 'One conversation of the signed-in user',
  request: { params: Id },
  responses: { 200: jsonResponse(Conversation, 'The conversation'), ...signedIn, ...notTheirs },
});

export const listMessagesRoute = createRoute({
  operationId: 'conversationsListMessages',
  security: SESSION,
  method: 'get',
  path: '/conversations/{id}/messages',
  summary: 'A page of messages, oldest first: the newest ones, or those before a seq',
  request: { params: Id, query: MessagePageQuery },
  responses: { 200: jsonResponse(MessagePage, 'The page'), 400: errorResponse('Bad page'), ...signedIn, ...notTheirs },
});

export const changesRoute = createRoute({
  operationId: 'conversationsChanges',
  security: SESSION,
  method: 'get',
  path: '/conversations/{id}/messages/changes',
  summary: 'Messages sent or changed after a version (the live updates of an open conversation)',
  request: { params: Id, query: MessageChangesQuery },
  responses: {
    200: jsonResponse(MessageChanges, 'The changes'),
    400: errorResponse('Bad version'),
    ...signedIn,
    ...notTheirs,
  },
});

export const sendTextRoute = createRoute({
  operationId: 'conversationsSendText',
  security: SESSION,
  method: 'post',
  path: '/conversations/{id}/messages',
  summary: 'Send a text message (sendMessage)',
  request: { params: Id, body: { required: true, content: { 'application/json': { schema: SendTextInput } } } },
  responses: {
    201: jsonResponse(Message, 'The message'),
    400: errorResponse('A field breaks a rule'),
    ...signedIn,
    403: errorResponse('The creator has turned off messages from fans'),
    ...notTheirs,
  },
});

export const sendImageRoute = createRoute({
  operationId: 'conversationsSendImage',
  security: SESSION,
  method: 'post',
  path: '/conversations/{id}/images',
  summary: 'Send an image message (sendMessage with an image); re-encoded, with a 400x200 thumbnail',
  request: { params: Id, body: { required: true, content: { 'multipart/form-data': { schema: SendImageInput } } } },
  responses: {
    201: jsonResponse(Message, 'The message'),
    400: errorResponse('Not an image this server takes, or a bad blurhash'),
    ...signedIn,
    403: errorResponse('The creator has turned off messages from fans'),
    ...notTheirs,
    413: errorResponse('The file is larger than 10 MB'),
  },
});

export const reactionRoute = createRoute({
  operationId: 'conversationsReaction',
  security: SESSION,
  method: 'put',
  path: '/conversations/{id}/messages/{messageId}/reaction',
  summary: "Set or clear the signed-in user's reaction to a message",
  request: {
    params: MessageId,
    body: { required: true, content: { 'application/json': { schema: SetReactionInput } } },
  },
  responses: {
    200: jsonResponse(Message, 'The message'),
    400: errorResponse('Bad reaction'),
    ...signedIn,
    ...notTheirs,
  },
});

export const unlockRoute = createRoute({
  operationId: 'conversationsUnlock',
  security: SESSION,
  method: 'post',
  path: '/conversations/{id}/messages/{messageId}/unlock',
  summary: "Unlock the other participant's image for the signed-in user (remembered on every device)",
  request: { params: MessageId },
  responses: { 200: jsonResponse(Message, 'The message'), ...signedIn, ...notTheirs },
});

export const seenRoute = createRoute({
  operationId: 'conversationsSeen',
  security: SESSION,
  method: 'post',
  path: '/conversations/{id}/seen',
  summary: 'Mark the conversation read up to its last message',
  request: { params: Id },
  responses: { 204: { description: 'Read' }, ...signedIn, ...notTheirs },
});

export const imageRoute = createRoute({
  operationId: 'conversationsImage',
  security: SESSION,
  method: 'get',
  path: '/conversations/{id}/messages/{messageId}/image',
  summary: "An image message's picture (or its thumbnail), for a participant who may see it",
  request: { params: MessageId, query: z.object({ size: z.enum(['full', 'thumb']).default('full') }) },
  responses: {
    200: { description: 'The JPEG', content: { 'image/jpeg': { schema: z.string().meta({ format: 'binary' }) } } },
    ...signedIn,
    404: errorResponse('Not theirs, still locked, or removed'),
  },
});

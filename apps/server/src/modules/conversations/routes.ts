import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
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
import { MAX_IMAGE_BYTES, UPLOAD_ERROR_MESSAGE } from '@sweetwish/shared/media';
import { PageQuery } from '@sweetwish/shared/paging';
import type { ObjectStorage } from '../../adapters/storage/object-storage';
import type { DatabaseHandle } from '../../db/client';
import { pageRequest } from '../../db/keyset';
import { AppError } from '../../errors';
import type { AppEnv } from '../../http/context';
import { errorResponse, jsonResponse } from '../../http/openapi-responses';
import { requireUser } from '../../http/session';
import { validationHook } from '../../http/validation-hook';
import type { Auth } from '../accounts/auth';
import type { ImageJobs } from '../media/image-jobs';
import { MEDIA_HEADERS } from '../media/routes';
import {
  createConversation,
  getConversation,
  getMessageImage,
  listConversations,
  listMessageChanges,
  listMessages,
  markSeen,
  sendImage,
  sendText,
  setReaction,
  unlockImage,
} from './service';

/** Image messages are the one conversations request whose body may be larger than a JSON body. */
export const CONVERSATION_IMAGE_PATH = /^\/api\/conversations\/[^/]+\/images$/;

const Id = z.object({ id: z.string().min(1).max(64) });
const MessageId = Id.extend({ messageId: z.string().min(1).max(64) });
const signedIn = { 401: errorResponse('Nobody is signed in') };
const notTheirs = { 404: errorResponse('No such conversation (or message) of the signed-in user') };

const createConversationRoute = createRoute({
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

const listRoute = createRoute({
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

const getRoute = createRoute({
  method: 'get',
  path: '/conversations/{id}',
  summary: 'One conversation of the signed-in user',
  request: { params: Id },
  responses: { 200: jsonResponse(Conversation, 'The conversation'), ...signedIn, ...notTheirs },
});

const listMessagesRoute = createRoute({
  method: 'get',
  path: '/conversations/{id}/messages',
  summary: 'A page of messages, oldest first: the newest ones, or those before a seq',
  request: { params: Id, query: MessagePageQuery },
  responses: { 200: jsonResponse(MessagePage, 'The page'), 400: errorResponse('Bad page'), ...signedIn, ...notTheirs },
});

const changesRoute = createRoute({
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

const sendTextRoute = createRoute({
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

const sendImageRoute = createRoute({
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

const reactionRoute = createRoute({
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

const unlockRoute = createRoute({
  method: 'post',
  path: '/conversations/{id}/messages/{messageId}/unlock',
  summary: "Unlock the other participant's image for the signed-in user (remembered on every device)",
  request: { params: MessageId },
  responses: { 200: jsonResponse(Message, 'The message'), ...signedIn, ...notTheirs },
});

const seenRoute = createRoute({
  method: 'post',
  path: '/conversations/{id}/seen',
  summary: 'Mark the conversation read up to its last message',
  request: { params: Id },
  responses: { 204: { description: 'Read' }, ...signedIn, ...notTheirs },
});

const imageRoute = createRoute({
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

export function conversationRoutes(deps: {
  database: DatabaseHandle;
  auth: Auth;
  storage: ObjectStorage;
  images: ImageJobs;
  notificationDelaySeconds: number;
}) {
  const db = deps.database.db;
  const conversationDeps = {
    db,
    storage: deps.storage,
    images: deps.images,
    notificationDelaySeconds: deps.notificationDelaySeconds,
  };
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  for (const path of ['/conversations', '/conversations/*']) app.use(path, requireUser(deps.auth));
  return app
    .openapi(createConversationRoute, async (c) =>
      c.json(await createConversation(db, c.get('userId'), c.req.valid('json')), 200),
    )
    .openapi(listRoute, async (c) =>
      c.json(await listConversations(db, c.get('userId'), pageRequest(c.req.valid('query'))), 200),
    )
    .openapi(getRoute, async (c) => c.json(await getConversation(db, c.get('userId'), c.req.valid('param').id), 200))
    .openapi(listMessagesRoute, async (c) =>
      c.json(await listMessages(db, c.get('userId'), c.req.valid('param').id, c.req.valid('query')), 200),
    )
    .openapi(changesRoute, async (c) =>
      c.json(await listMessageChanges(db, c.get('userId'), c.req.valid('param').id, c.req.valid('query').since), 200),
    )
    .openapi(sendTextRoute, async (c) =>
      c.json(
        await sendText(conversationDeps, c.get('userId'), c.req.valid('param').id, c.req.valid('json').content),
        201,
      ),
    )
    .openapi(sendImageRoute, async (c) => {
      const { file, blurhash } = c.req.valid('form');
      if (file.size > MAX_IMAGE_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', UPLOAD_ERROR_MESSAGE);
      const bytes = new Uint8Array(await file.arrayBuffer());
      return c.json(
        await sendImage(conversationDeps, c.get('userId'), c.req.valid('param').id, { bytes, blurhash }),
        201,
      );
    })
    .openapi(reactionRoute, async (c) => {
      const { id, messageId } = c.req.valid('param');
      return c.json(await setReaction(db, c.get('userId'), id, messageId, c.req.valid('json').reaction), 200);
    })
    .openapi(unlockRoute, async (c) => {
      const { id, messageId } = c.req.valid('param');
      return c.json(await unlockImage(db, c.get('userId'), id, messageId), 200);
    })
    .openapi(seenRoute, async (c) => {
      await markSeen(db, c.get('userId'), c.req.valid('param').id);
      return c.body(null, 204);
    })
    .openapi(imageRoute, async (c) => {
      const { id, messageId } = c.req.valid('param');
      const file = await getMessageImage(conversationDeps, c.get('userId'), id, messageId, c.req.valid('query').size);
      return c.body(file.bytes, 200, {
        ...MEDIA_HEADERS,
        'Content-Type': file.contentType,
        // Only for this signed-in browser; the picture behind an address never changes.
        'Cache-Control': 'private, max-age=86400',
      });
    });
}

import { OpenAPIHono } from '@hono/zod-openapi';
import { MAX_IMAGE_BYTES, UPLOAD_ERROR_MESSAGE } from '@sweetwish/shared/media';
import type { ObjectStorage } from '../../adapters/storage/object-storage';
import type { DatabaseHandle } from '../../db/client';
import { pageRequest } from '../../db/keyset';
import { AppError } from '../../errors';
import type { AppEnv } from '../../http/context';
import { requireUser } from '../../http/session';
import { validationHook } from '../../http/validation-hook';
import type { Auth } from '../accounts/auth';
import type { ImageJobs } from '../media/image-jobs';
import { MEDIA_HEADERS } from '../media/routes';
import {
  changesRoute,
  createConversationRoute,
  getRoute,
  imageRoute,
  listMessagesRoute,
  listRoute,
  reactionRoute,
  seenRoute,
  sendImageRoute,
  sendTextRoute,
  unlockRoute,
} from './contract';
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

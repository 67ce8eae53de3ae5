import { OpenAPIHono } from '@hono/zod-openapi';
import { MAX_IMAGE_BYTES, UPLOAD_ERROR_MESSAGE } from '@sweetwish/shared/media';
import { Hono } from 'hono';
import { isStorageKey, type ObjectStorage } from '../../adapters/storage/object-storage';
import { AppError } from '../../errors';
import type { AppEnv } from '../../http/context';
import { requireUser } from '../../http/session';
import { validationHook } from '../../http/validation-hook';
import type { Auth } from '../accounts/auth';
import { IMAGE_UPLOAD_PATH, postImage } from './contract';
import { MEDIA_PATH_PREFIX, type MediaDeps, uploadImage } from './service';

export { IMAGE_UPLOAD_PATH } from './contract';
/** The body limit for the upload: the largest image plus room for the multipart framing and the kind field. */
export const MAX_IMAGE_UPLOAD_BODY_BYTES = MAX_IMAGE_BYTES + 64 * 1024;

/** POST /media/images, to be mounted under /api. */
export function mediaRoutes({ auth, ...media }: MediaDeps & { auth: Auth }) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.use(IMAGE_UPLOAD_PATH, requireUser(auth));
  return app.openapi(postImage, async (c) => {
    const { file, kind } = c.req.valid('form');
    // The file's name and declared type are ignored: the pipeline decides by the bytes.
    if (file.size > MAX_IMAGE_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', UPLOAD_ERROR_MESSAGE);
    const bytes = new Uint8Array(await file.arrayBuffer());
    return c.json(await uploadImage(media, c.get('userId'), bytes, kind), 201);
  });
}

/**
 * Headers for every answer from /media: the browser must take the bytes for what we say they are, and
 * even if something stored were opened as a page, the sandboxing policy lets it run nothing and load nothing.
 */
/** Only this folder of storage is public; the rest (`private/...`) is served by the API that owns it. */
const PUBLIC_MEDIA_FOLDER = 'images/';

export const MEDIA_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; sandbox",
};

/**
 * GET /media/{key}: the public images (`images/...`: wishes, photos, banners), to be mounted at the root
 * (outside /api). Only keys storage accepts are looked up; anything else, private files (message images,
 * served to their conversation's participants only) and any missing file are a plain-text 404.
 */
export function mediaFileRoutes(storage: ObjectStorage) {
  const app = new Hono();
  app.get(`${MEDIA_PATH_PREFIX}*`, async (c) => {
    const key = c.req.path.slice(MEDIA_PATH_PREFIX.length);
    const isPublic = key.startsWith(PUBLIC_MEDIA_FOLDER) && isStorageKey(key);
    const file = isPublic ? await storage.get(key) : undefined;
    if (!file) return c.text('Not found', 404, { ...MEDIA_HEADERS, 'Cache-Control': 'no-store' });
    return c.body(file.bytes, 200, {
      ...MEDIA_HEADERS,
      'Content-Type': file.contentType,
      // Names are random and never reused, so a stored file never changes.
      'Cache-Control': 'public, max-age=31536000, immutable',
    });
  });
  return app;
}

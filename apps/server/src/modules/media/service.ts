import { randomUUID } from 'node:crypto';
import { type ImageKind, UploadedImage } from '@sweetwish/shared/media';
import type { ObjectStorage } from '../../adapters/storage/object-storage';
import { processImage } from './image-pipeline';

/** Where mediaFileRoutes serves stored files: a key `images/...` is reached at `/media/images/...`. */
export const MEDIA_PATH_PREFIX = '/media/';

/**
 * Re-encodes an uploaded image (image-pipeline.ts) and stores it under the uploader's folder with a random
 * name (spec: images/users/{uid}/{random}). Nothing is stored unless the whole image was accepted.
 */
export async function uploadImage(
  storage: ObjectStorage,
  userId: string,
  input: Uint8Array,
  kind: ImageKind,
): Promise<UploadedImage> {
  const image = await processImage(input, kind);
  const key = `images/users/${userId}/${randomUUID()}.jpg`;
  await storage.put(key, image.bytes, image.contentType);
  return UploadedImage.parse({ url: `${MEDIA_PATH_PREFIX}${key}`, width: image.width, height: image.height });
}

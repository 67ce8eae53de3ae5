import { randomUUID } from 'node:crypto';
import { type ImageKind, STORAGE_QUOTA_BYTES, STORAGE_QUOTA_MESSAGE, UploadedImage } from '@sweetwish/shared/media';
import type { ObjectStorage } from '../../adapters/storage/object-storage';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import type { ImageJobs } from './image-jobs';
import type { PipelineKind, ProcessedImage } from './image-pipeline';
import { forgetUploads, recordUploads, usedBytes } from './repo';

/** Where mediaFileRoutes serves stored files: a key `images/...` is reached at `/media/images/...`. */
export const MEDIA_PATH_PREFIX = '/media/';

/** How long an upload may wait to be used (set as a photo, on a wish, in a message) before it is removed. */
export const UNUSED_UPLOAD_GRACE_MS = 24 * 60 * 60 * 1000;

export type MediaDeps = { db: Database; storage: ObjectStorage; images: ImageJobs; now?: () => Date };

/**
 * Re-encodes an uploaded image (image-pipeline.ts, in a bounded child process) and stores it under the
 * uploader's folder with a random name (product.md: images/users/{uid}/{random}). Nothing is stored unless the
 * whole image was accepted and fits in the uploader's quota.
 */
export async function uploadImage(
  deps: MediaDeps,
  userId: string,
  input: Uint8Array,
  kind: ImageKind,
): Promise<UploadedImage> {
  const key = `images/users/${userId}/${randomUUID()}.jpg`;
  const [image] = await storeImages(deps, userId, input, [{ key, kind }]);
  if (!image) throw new AppError('INTERNAL', 'The image pipeline gave no image');
  return UploadedImage.parse({ url: `${MEDIA_PATH_PREFIX}${key}`, width: image.width, height: image.height });
}

/**
 * Processes one uploaded file into each of `outputs` (one job), counts them against the user's quota and
 * stores them under their keys. The files are recorded before they are stored, so none escapes the count or
 * the sweep of unused uploads; a file that could not be stored is forgotten again.
 */
export async function storeImages(
  deps: MediaDeps,
  userId: string,
  input: Uint8Array,
  outputs: { key: string; kind: PipelineKind }[],
): Promise<ProcessedImage[]> {
  // A user already at the quota costs no image work.
  if ((await usedBytes(deps.db, userId)) >= STORAGE_QUOTA_BYTES) {
    throw new AppError('FORBIDDEN', STORAGE_QUOTA_MESSAGE);
  }
  const images = await deps.images.process(
    input,
    outputs.map((output) => output.kind),
  );
  const files = outputs.map((output, i) => ({ key: output.key, bytes: images[i]?.bytes.byteLength ?? 0 }));
  const now = deps.now?.() ?? new Date();
  const checkAfter = new Date(now.getTime() + UNUSED_UPLOAD_GRACE_MS);
  if (!(await recordUploads(deps.db, userId, files, STORAGE_QUOTA_BYTES, checkAfter))) {
    throw new AppError('FORBIDDEN', STORAGE_QUOTA_MESSAGE);
  }
  try {
    for (const [i, file] of files.entries()) {
      const image = images[i];
      if (image) await deps.storage.put(file.key, image.bytes, image.contentType);
    }
  } catch (err) {
    await Promise.all(files.map((file) => deps.storage.delete(file.key).catch(() => {})));
    await forgetUploads(
      deps.db,
      files.map((file) => file.key),
    );
    throw err;
  }
  return images;
}

// The upload sweep (use-cases/upload-sweep.ts) asks this in its one locked statement over uploads.
export { claimDueUploads, settleSweptUploads, type UploadColumns } from './repo';

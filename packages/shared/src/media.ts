import { z } from 'zod';

/** What an uploaded image is for; each kind has its own shape (product.md: crop 4:3, square, 2:1). */
export const IMAGE_KINDS = ['wish', 'photo', 'banner'] as const;
export const ImageKind = z.enum(IMAGE_KINDS);
export type ImageKind = z.infer<typeof ImageKind>;

/**
 * The size the server stores each kind at. Wish images are never enlarged, so a small one keeps its own
 * size (cropped to 4:3); photos and banners always come out at exactly this size.
 */
export const IMAGE_SHAPES: Readonly<Record<ImageKind, { width: number; height: number }>> = {
  wish: { width: 1024, height: 768 },
  photo: { width: 512, height: 512 },
  banner: { width: 1500, height: 750 },
};

/** The largest file an upload may carry. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/** product.md's message for any failed upload. */
export const UPLOAD_ERROR_MESSAGE = 'Error uploading file';

/**
 * The most each user may keep in stored images (photo, banner, wishes, images sent in conversations), counted
 * as the re-encoded files take. Stored images are at most a few hundred KB each (a 1500x750 banner, a 1600 px
 * message image with its thumbnail), so this holds well over a thousand: far more than any real profile,
 * wishlist and conversation history, while one account can no longer fill a disk. Unused uploads are removed a day
 * after they were made, which gives the space back.
 */
export const STORAGE_QUOTA_BYTES = 200 * 1024 * 1024;
export const STORAGE_QUOTA_MESSAGE =
  'You have used all 200 MB of space for images. Images you no longer use are cleared within a day.';

/** When this server is already processing as many images as it can: try again shortly. */
export const IMAGES_BUSY_MESSAGE = 'Too many images are being processed right now. Please try again in a moment.';

/** The multipart form of POST /api/media/images. The server checks the content; the file's name and type are ignored. */
export const UploadImageInput = z.object({
  // OpenAPI has no file type of its own: a form file is a binary string there.
  file: z.file({ error: UPLOAD_ERROR_MESSAGE }).meta({ type: 'string', format: 'binary' }),
  kind: z.enum(IMAGE_KINDS, { error: `Must be one of ${IMAGE_KINDS.join(', ')}` }),
});
export type UploadImageInput = z.infer<typeof UploadImageInput>;

/**
 * The exact address an upload answers: `/media/images/users/{user id}/{random uuid}.jpg`. Every image
 * address a user sets (photo, banner, wish image) must have this form: anything looser could carry CSS or
 * markup into the pages that show it.
 */
const STORED_IMAGE_URL =
  /^\/media\/images\/users\/([A-Za-z0-9_-]{1,64})\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.jpg$/;

/** An image address a user may set: one in the form uploads answer (the server also checks whose it is). */
export const StoredImageUrl = z.string().max(1000).regex(STORED_IMAGE_URL, 'Images must be uploaded first');

/** Whether `url` is an image `userId` uploaded: the stored form, in their own folder. */
export function isOwnImage(userId: string, url: string): boolean {
  return STORED_IMAGE_URL.exec(url)?.[1] === userId;
}

/** A stored image: a JPEG served from `url` (same origin), at most 1000 characters as product.md allows. */
export const UploadedImage = z
  .object({
    url: StoredImageUrl,
    width: z.int().positive(),
    height: z.int().positive(),
  })
  .meta({ id: 'UploadedImage' });
export type UploadedImage = z.infer<typeof UploadedImage>;

import { type ImageKind, UPLOAD_ERROR_MESSAGE, UploadedImage } from '@sweetwish/shared/media';
import { ApiError, postForm } from '../../lib/api-client';

/** POST /api/media/images: stores the image (the server re-encodes it as JPEG) and answers its address. */
export async function uploadImage(blob: Blob, kind: ImageKind): Promise<UploadedImage> {
  const form = new FormData();
  form.append('file', blob, 'image.jpg');
  form.append('kind', kind);
  const res = await postForm('/api/media/images', form);
  if (!res.ok) throw new ApiError(res.status, { code: 'INTERNAL', message: UPLOAD_ERROR_MESSAGE });
  return UploadedImage.parse(await res.json());
}

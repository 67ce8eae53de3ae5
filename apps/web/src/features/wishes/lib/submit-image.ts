import { uploadImage } from '../../../components/media/image-upload';
import type { CroppedImage } from '../../../lib/image-processing';
import { sleep } from '../../../lib/sleep';
import { WISH_IMAGE_UPLOAD_DELAY_MS } from './wish-form';

/** Uploads a newly cropped wish image after product.md's 1 s pause; nothing when no new image was chosen. */
export async function uploadWishImage(image: CroppedImage | null): Promise<{ image?: string; blurhash?: string }> {
  if (!image) return {};
  await sleep(WISH_IMAGE_UPLOAD_DELAY_MS);
  const uploaded = await uploadImage(image.blob, 'wish');
  return { image: uploaded.url, blurhash: image.blurhash };
}

import { BLURHASH_LENGTH } from '@sweetwish/shared/blurhash';
import { encode } from 'blurhash';

/** Blurhashes computed in the browser (product.md section 7; the server checks their length). */

/** Blurhash components: 1 + 1 + 4 + 2 * (4 * 4 - 1) = 36 characters, the length product.md requires. */
export const BLURHASH_COMPONENTS = { x: 4, y: 4 } as const;
/** The width a picture is scaled to before hashing: a blurhash needs only a thumbnail. */
export const BLURHASH_SOURCE_WIDTH = 32;

/** The blurhash of RGBA pixels; always 36 characters. */
export function blurhashOfPixels(pixels: Uint8ClampedArray, width: number, height: number): string {
  return encode(pixels, width, height, BLURHASH_COMPONENTS.x, BLURHASH_COMPONENTS.y);
}

/** The blurhash of a picture (a canvas or a loaded image of `width` x `height`), drawn 32 pixels wide first. */
export function blurhashOfSource(source: CanvasImageSource, width: number, height: number): string {
  const smallWidth = BLURHASH_SOURCE_WIDTH;
  const smallHeight = Math.max(1, Math.round((height / width) * smallWidth));
  const small = document.createElement('canvas');
  small.width = smallWidth;
  small.height = smallHeight;
  const context = small.getContext('2d');
  if (!context) throw new Error('Canvas is not available');
  // A transparent PNG is hashed on white, as the server's JPEG shows it.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, smallWidth, smallHeight);
  context.drawImage(source, 0, 0, smallWidth, smallHeight);
  const hash = blurhashOfPixels(context.getImageData(0, 0, smallWidth, smallHeight).data, smallWidth, smallHeight);
  if (hash.length !== BLURHASH_LENGTH) throw new Error('Unexpected blurhash length');
  return hash;
}

/** The blurhash of an image file the user picked; rejects when the browser cannot read it as an image. */
export async function blurhashOfFile(file: Blob): Promise<string> {
  const url = URL.createObjectURL(file);
  try {
    const image = await new Promise<HTMLImageElement>((resolve, reject) => {
      const element = new Image();
      element.onload = () => resolve(element);
      element.onerror = () => reject(new Error('Could not read the image'));
      element.src = url;
    });
    return blurhashOfSource(image, image.naturalWidth || 1, image.naturalHeight || 1);
  } finally {
    URL.revokeObjectURL(url);
  }
}

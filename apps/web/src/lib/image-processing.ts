import { blurhashOfSource } from './blurhash';

/** A rectangle of the source image, in its own pixels (what the cropper reports). */
export type PixelArea = { x: number; y: number; width: number; height: number };

/** A cropped image ready to upload: the JPEG, its blurhash and a local address to show it meanwhile. */
export type CroppedImage = { blob: Blob; blurhash: string; previewUrl: string };

export function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('Could not read the image'));
    image.src = src;
  });
}

/** The output size for a crop: its own size, scaled down (never up) to fit within the maximum. */
export function fitWithin(
  width: number,
  height: number,
  max: { width: number; height: number },
): { width: number; height: number } {
  const scale = Math.min(1, max.width / width, max.height / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Draws the chosen area of the image onto a new canvas of at most `max` pixels. */
export function cropToCanvas(
  image: CanvasImageSource,
  area: PixelArea,
  max: { width: number; height: number },
): HTMLCanvasElement {
  const size = fitWithin(area.width, area.height, max);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Canvas is not available');
  // JPEG has no transparency: a transparent PNG or SVG goes on white rather than black.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, size.width, size.height);
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, size.width, size.height);
  return canvas;
}

/** The blurhash of a canvas (computed from a copy 32 pixels wide). */
export function blurhashOfCanvas(source: HTMLCanvasElement): string {
  return blurhashOfSource(source, source.width, source.height);
}

function canvasToJpeg(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('Could not encode the image'))),
      'image/jpeg',
      0.9,
    );
  });
}

/** Crops the image at `src` to `area`, scales it to fit `max`, and returns the JPEG with its blurhash. */
export async function cropImage(
  src: string,
  area: PixelArea,
  max: { width: number; height: number },
): Promise<CroppedImage> {
  const image = await loadImage(src);
  const canvas = cropToCanvas(image, area, max);
  const blurhash = blurhashOfCanvas(canvas);
  const blob = await canvasToJpeg(canvas);
  return { blob, blurhash, previewUrl: URL.createObjectURL(blob) };
}

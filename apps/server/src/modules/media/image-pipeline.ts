import { IMAGE_SHAPES, type ImageKind, MAX_IMAGE_BYTES, UPLOAD_ERROR_MESSAGE } from '@sweetwish/shared/media';
import sharp, { type SharpOptions } from 'sharp';
import { AppError } from '../../errors';
import { looksLikeXml, sanitiseSvg } from './svg-sanitiser';

/** Larger images are refused from their header alone, before any pixel is decoded (a "pixel bomb"). */
export const MAX_INPUT_PIXELS = 40_000_000;

/**
 * Formats taken, by what the bytes are (sharp reads the magic bytes), never by file name or declared type.
 * `heif` covers AVIF and HEIC; HEIC files whose codec this build of libvips lacks fail to decode and are
 * refused like any broken file. SVG is rasterised by librsvg, and only as svg-sanitiser.ts rewrote it.
 */
const ACCEPTED_FORMATS: ReadonlySet<string> = new Set(['jpeg', 'png', 'webp', 'gif', 'heif', 'svg']);

/**
 * What the pipeline makes: the kinds one uploads (shared/media.ts), and the image of a message with its
 * thumbnail, which are made from a file sent to a conversation and never uploaded on their own.
 */
export type PipelineKind = ImageKind | 'message' | 'message-thumb';

type Shape = {
  width: number;
  height: number;
  /** cover: cropped to exactly the shape's ratio; inside: the picture's own ratio, within the shape. */
  fit: 'cover' | 'inside';
  /**
   * Wish and message images are never enlarged: a small one keeps its size. Photos and banners always come
   * out at their exact size, enlarging a small picture if need be: they fill fixed slots (the round avatar,
   * the full-width banner, Open Graph cards) where the browser would stretch them anyway, and one size keeps
   * those layouts simple. The enlargement costs at most a 1500x750 JPEG.
   */
  canEnlarge: boolean;
};

const SHAPES: Readonly<Record<PipelineKind, Shape>> = {
  wish: { ...IMAGE_SHAPES.wish, fit: 'cover', canEnlarge: false },
  photo: { ...IMAGE_SHAPES.photo, fit: 'cover', canEnlarge: true },
  banner: { ...IMAGE_SHAPES.banner, fit: 'cover', canEnlarge: true },
  // Opened full screen: as sent, up to a size any screen shows sharply.
  message: { width: 1600, height: 1600, fit: 'inside', canEnlarge: false },
  // Shown at 200x100 (product.md section 9), drawn at twice that for sharp screens.
  'message-thumb': { width: 400, height: 200, fit: 'cover', canEnlarge: false },
};

/** SVG renders at 72 dpi unless told otherwise. */
const SVG_BASE_DENSITY = 72;
const MAX_SVG_DENSITY = 100_000;

export type ProcessedImage = { bytes: Uint8Array; width: number; height: number; contentType: 'image/jpeg' };

const decodeOptions = {
  limitInputPixels: MAX_INPUT_PIXELS,
  // Abort on any decoder warning: broken and truncated files from strangers are refused, not half-rendered.
  failOn: 'warning',
  // Animated GIF and WebP: the first frame only.
  pages: 1,
} satisfies SharpOptions;

/**
 * Turns an uploaded file into the JPEG the app stores: decoded under a pixel limit, turned upright by its
 * EXIF orientation, flattened onto white, cropped and resized to the kind's shape, converted to sRGB and
 * re-encoded without any metadata (no EXIF, GPS, XMP, IPTC or ICC profile; an untagged JPEG is read as
 * sRGB). Anything that is not an image this accepts is refused with product.md's message. It runs in any
 * process; the server runs it only in a child process that is killed at the time and memory limits
 * (image-jobs.ts).
 */
export async function processImage(input: Uint8Array, kind: PipelineKind): Promise<ProcessedImage> {
  if (input.byteLength > MAX_IMAGE_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', UPLOAD_ERROR_MESSAGE);
  try {
    return await reencode(input, kind);
  } catch (err) {
    if (err instanceof AppError) throw err;
    // sharp's messages describe the file ("unsupported image format", "exceeds pixel limit", "premature end").
    throw new AppError('VALIDATION', UPLOAD_ERROR_MESSAGE);
  }
}

async function reencode(upload: Uint8Array, kind: PipelineKind): Promise<ProcessedImage> {
  // librsvg never reads an uploaded SVG, only the sanitiser's rewrite of it.
  const input = looksLikeXml(upload) ? sanitiseSvg(upload) : upload;
  if (!input) throw new AppError('VALIDATION', UPLOAD_ERROR_MESSAGE);
  // Reads the header only; throws for unknown content and for images over the pixel limit.
  const header = await sharp(input, decodeOptions).metadata();
  if (!ACCEPTED_FORMATS.has(header.format)) throw new AppError('VALIDATION', UPLOAD_ERROR_MESSAGE);
  // An SVG that is not text (gzipped, say) was not rewritten: refused.
  if (header.format === 'svg' && input === upload) throw new AppError('VALIDATION', UPLOAD_ERROR_MESSAGE);

  const shape = SHAPES[kind];
  let options: SharpOptions = decodeOptions;
  let upright = { width: header.autoOrient.width, height: header.autoOrient.height };
  if (header.format === 'svg') {
    // A vector image is drawn at the size it will be stored at, rather than drawn small and enlarged.
    options = { ...decodeOptions, density: svgDensity(upright, shape) };
    const drawn = await sharp(input, options).metadata();
    upright = { width: drawn.width, height: drawn.height };
  }
  const target = targetSize(upright, shape);

  const { data, info } = await sharp(input, options)
    .autoOrient() // the same as .rotate() without an angle: applies and then drops the EXIF orientation
    .flatten({ background: '#ffffff' })
    .resize({ width: target.width, height: target.height, fit: 'cover', position: 'centre' })
    .toColourspace('srgb')
    // No withMetadata/keepMetadata/withIccProfile: sharp writes none of the input's metadata.
    .jpeg({ quality: 82, mozjpeg: true, progressive: true })
    .toBuffer({ resolveWithObject: true });
  return { bytes: data, width: info.width, height: info.height, contentType: 'image/jpeg' };
}

type Size = { width: number; height: number };

/**
 * The output size. cover: the kind's shape, or for a kind that is never enlarged and a smaller picture, the
 * largest rectangle of the kind's aspect ratio that the picture can fill without enlarging. inside: the
 * picture's own size, scaled down to fit the shape.
 */
function targetSize(source: Size, shape: Shape): Size {
  if (shape.fit === 'inside') {
    const scale = Math.min(1, shape.width / source.width, shape.height / source.height);
    return {
      width: Math.max(1, Math.round(source.width * scale)),
      height: Math.max(1, Math.round(source.height * scale)),
    };
  }
  const scale = shape.canEnlarge ? 1 : Math.min(1, source.width / shape.width, source.height / shape.height);
  return {
    width: Math.max(1, Math.round(shape.width * scale)),
    height: Math.max(1, Math.round(shape.height * scale)),
  };
}

/** The density at which an SVG fills the shape, never below its own size nor over the pixel limit. */
function svgDensity(natural: Size, shape: Shape): number {
  const ratios = [shape.width / natural.width, shape.height / natural.height];
  const fill = shape.fit === 'cover' ? Math.max(...ratios) : Math.min(...ratios);
  const withinLimit = Math.sqrt(MAX_INPUT_PIXELS / (natural.width * natural.height));
  const scale = Math.max(1, Math.min(fill, withinLimit));
  return Math.min(MAX_SVG_DENSITY, Math.floor(SVG_BASE_DENSITY * scale));
}

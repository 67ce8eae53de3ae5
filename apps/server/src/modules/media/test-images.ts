import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/**
 * Images for the media tests, made with sharp so no binary fixture has to be kept, and small readers for
 * what a browser or a curious person could find in a file: its JPEG segments, its EXIF GPS position, a pixel.
 */

type Rgb = { r: number; g: number; b: number };
export const RED: Rgb = { r: 255, g: 0, b: 0 };
export const GREEN: Rgb = { r: 0, g: 255, b: 0 };
export const BLUE: Rgb = { r: 0, g: 0, b: 255 };

export function solidImage(
  width: number,
  height: number,
  format: 'jpeg' | 'png' | 'webp' | 'avif' | 'tiff',
  color = RED,
) {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .toFormat(format)
    .toBuffer();
}

/** A JPEG a phone could have taken: EXIF with a GPS position (51°30'N 0°7'W), a camera make and an XMP packet. */
export function jpegWithGps() {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 90, g: 140, b: 200 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Pocket 12' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
    })
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
        '<rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="51,30.0N"/></rdf:RDF></x:xmpmeta>',
    )
    .toBuffer();
}

/**
 * A 400x300 JPEG, red in its top half and blue in its bottom half, with EXIF orientation 6 ("turn 90° clockwise
 * to show"): shown upright it is 300x400, blue on the left and red on the right.
 */
export function sidewaysJpeg() {
  const width = 400;
  const height = 300;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) pixels.set(y < height / 2 ? [255, 0, 0] : [0, 0, 255], (y * width + x) * 3);
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** A GIF of three 80x60 frames: red, then green, then blue. */
export function animatedGif() {
  const width = 80;
  const height = 60;
  const frames = [RED, GREEN, BLUE];
  const pixels = Buffer.alloc(width * height * 3 * frames.length);
  frames.forEach(({ r, g, b }, frame) => {
    for (let i = 0; i < width * height; i++) pixels.set([r, g, b], (frame * width * height + i) * 3);
  });
  return sharp(pixels, { raw: { width, height: height * frames.length, channels: 3, pageHeight: height } })
    .gif()
    .toBuffer();
}

/**
 * A PNG that claims to be width x height pixels (its IHDR says so, with a correct checksum) but carries the
 * pixel data of a 1x1 image: decoding it would ask for width x height x 3 bytes.
 */
export async function pixelBombPng(width: number, height: number) {
  const png = Buffer.from(
    await sharp({ create: { width: 1, height: 1, channels: 3, background: RED } })
      .png()
      .toBuffer(),
  );
  // 8-byte signature, then the IHDR chunk: length (4), "IHDR" (4), width (4), height (4), 5 more bytes, CRC.
  if (png.toString('latin1', 12, 16) !== 'IHDR') throw new Error('unexpected PNG layout');
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/** The JPEG marker bytes (0xE1 for APP1/EXIF/XMP, 0xE2 for APP2/ICC, ...) of every segment before the image data. */
export function jpegSegmentMarkers(jpeg: Uint8Array): number[] {
  const bytes = Buffer.from(jpeg);
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) throw new Error('not a JPEG');
  const markers: number[] = [];
  let offset = 2;
  while (offset + 4 <= bytes.length && bytes[offset] === 0xff) {
    const marker = bytes[offset + 1] ?? 0;
    markers.push(marker);
    if (marker === 0xda) break; // start of scan: image data follows
    offset += 2 + bytes.readUInt16BE(offset + 2);
  }
  return markers;
}

/**
 * The GPS latitude in an EXIF block as degrees, minutes and seconds, or undefined when it has none. Reads the
 * TIFF structure: IFD0's GPS pointer (tag 0x8825), then the GPS IFD's GPSLatitude (tag 0x0002, 3 rationals).
 */
export function exifGpsLatitude(exif: Uint8Array | undefined): number[] | undefined {
  if (!exif) return undefined;
  const block = Buffer.from(exif);
  const tiff = block.toString('latin1', 0, 6) === 'Exif\0\0' ? block.subarray(6) : block;
  const isLittleEndian = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (isLittleEndian ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (isLittleEndian ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const findEntry = (ifd: number, tag: number) => {
    for (let i = 0; i < u16(ifd); i++) {
      const entry = ifd + 2 + i * 12;
      if (u16(entry) === tag) return entry;
    }
    return undefined;
  };
  const gpsPointer = findEntry(u32(4), 0x8825);
  if (gpsPointer === undefined) return undefined;
  const latitude = findEntry(u32(gpsPointer + 8), 0x0002);
  if (latitude === undefined) return undefined;
  const values = u32(latitude + 8);
  return [0, 1, 2].map((i) => u32(values + i * 8) / u32(values + i * 8 + 4));
}

/** The colour of one pixel of an encoded image. */
export async function pixelAt(image: Uint8Array, x: number, y: number): Promise<Rgb> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return { r: data[at] ?? -1, g: data[at + 1] ?? -1, b: data[at + 2] ?? -1 };
}

const NAMED_COLOURS: Record<string, Rgb> = {
  red: RED,
  green: GREEN,
  blue: BLUE,
  white: { r: 255, g: 255, b: 255 },
  black: { r: 0, g: 0, b: 0 },
};

/** The name of the colour a pixel is close to (within JPEG's rounding), or its values when it is none of them. */
export function colourName(pixel: Rgb): string {
  const near = Object.entries(NAMED_COLOURS).find(
    ([, c]) => Math.abs(pixel.r - c.r) <= 40 && Math.abs(pixel.g - c.g) <= 40 && Math.abs(pixel.b - c.b) <= 40,
  );
  return near?.[0] ?? `rgb(${pixel.r}, ${pixel.g}, ${pixel.b})`;
}

/**
 * The SVG of issue 16: one filter of `count` Gaussian blurs, each blurring the one before, over a banner-sized
 * rectangle. About 18 KB for 300; drawn as it stands it took 27 s and 3 GB.
 */
export function chainedBlurSvg(count = 300): Uint8Array {
  const blurs = Array.from(
    { length: count },
    (_, i) => `<feGaussianBlur in="${i === 0 ? 'SourceGraphic' : `b${i - 1}`}" stdDeviation="40" result="b${i}"/>`,
  );
  return new TextEncoder().encode(
    '<svg xmlns="http://www.w3.org/2000/svg" width="1500" height="750">' +
      `<defs><filter id="f" x="-50%" y="-50%" width="200%" height="200%">${blurs.join('')}</filter></defs>` +
      '<rect width="1500" height="750" fill="#e91e63" filter="url(#f)"/></svg>',
  );
}

/**
 * An SVG of nothing but allowed parts that takes librsvg many seconds to draw (about 100 MB): a filled,
 * thickly stroked polyline that crosses itself 20,000 times.
 */
export function slowSvg(points = 20_000): Uint8Array {
  const coordinates = Array.from({ length: points }, (_, i) => `${(i * 7919) % 1500},${(i * 104_729) % 750}`);
  return new TextEncoder().encode(
    '<svg xmlns="http://www.w3.org/2000/svg" width="1500" height="750">' +
      `<polyline points="${coordinates.join(' ')}" stroke="#000" stroke-width="30" stroke-linejoin="round" fill="#f00"/></svg>`,
  );
}

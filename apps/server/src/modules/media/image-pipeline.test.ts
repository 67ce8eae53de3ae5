import { MAX_IMAGE_BYTES } from '@sweetwish/shared/media';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors';
import { processImage } from './image-pipeline';
import {
  animatedGif,
  colourName,
  exifGpsLatitude,
  jpegSegmentMarkers,
  jpegWithGps,
  pixelAt,
  pixelBombPng,
  sidewaysJpeg,
  solidImage,
} from './test-images';

const APP1 = 0xe1; // EXIF and XMP
const APP2 = 0xe2; // ICC profile
const APP13 = 0xed; // IPTC / Photoshop

const refusal = { name: 'AppError', code: 'VALIDATION', message: 'Error uploading file' };

function isJpeg(bytes: Uint8Array) {
  return bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
}

describe('processImage', () => {
  it('removes EXIF (GPS included), XMP and any ICC profile from a phone photo', async () => {
    const photo = await jpegWithGps();
    const before = await sharp(photo).metadata();
    expect(exifGpsLatitude(before.exif)).toEqual([51, 30, 0]);
    expect(jpegSegmentMarkers(photo)).toContain(APP1);

    const out = await processImage(photo, 'wish');

    const after = await sharp(out.bytes).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.space).toBe('srgb');
    const markers = jpegSegmentMarkers(out.bytes);
    expect(markers).not.toContain(APP1);
    expect(markers).not.toContain(APP2);
    expect(markers).not.toContain(APP13);
    const text = Buffer.from(out.bytes).toString('latin1');
    expect(text).not.toContain('Exif');
    expect(text).not.toContain('GPS');
    expect(text).not.toContain('PhoneMaker');
  });

  it('converts a Display P3 image to untagged sRGB, keeping its colours', async () => {
    const p3 = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 100, b: 50 } } })
      .withIccProfile('p3')
      .png()
      .toBuffer();
    expect((await sharp(p3).metadata()).icc).toBeDefined();

    const out = await processImage(p3, 'wish');

    expect((await sharp(out.bytes).metadata()).icc).toBeUndefined();
    const { r, g, b } = await pixelAt(out.bytes, 32, 24);
    expect(Math.abs(r - 200) + Math.abs(g - 100) + Math.abs(b - 50)).toBeLessThan(15);
  });

  it('turns a picture upright by its EXIF orientation', async () => {
    const sideways = await sidewaysJpeg();
    expect((await sharp(sideways).metadata()).orientation).toBe(6);

    // Upright it is 300x400; a wish image is never enlarged, so the largest 4:3 crop of it is 300x225.
    const out = await processImage(sideways, 'wish');

    expect(out).toMatchObject({ width: 300, height: 225 });
    expect(await sharp(out.bytes).metadata()).toMatchObject({ width: 300, height: 225 });
    expect((await sharp(out.bytes).metadata()).orientation).toBeUndefined();
    expect(colourName(await pixelAt(out.bytes, 20, 112))).toBe('blue');
    expect(colourName(await pixelAt(out.bytes, 280, 112))).toBe('red');
  });

  it('draws an SVG as a JPEG without its script', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300" onload="alert(1)">' +
        '<script>alert(document.cookie)</script><rect width="400" height="300" fill="#00ff00"/></svg>',
    );

    const out = await processImage(svg, 'wish');

    expect(out.contentType).toBe('image/jpeg');
    expect(isJpeg(out.bytes)).toBe(true);
    const text = Buffer.from(out.bytes).toString('latin1');
    expect(text).not.toContain('<script');
    expect(text).not.toContain('onload');
    expect(colourName(await pixelAt(out.bytes, out.width / 2, out.height / 2))).toBe('green');
  });

  it('draws a small SVG at the size it is stored at, not enlarged from its own size', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30" viewBox="0 0 40 30">' +
        '<defs><linearGradient id="g"><stop offset="0" stop-color="#f00"/><stop offset="1" stop-color="#00f"/></linearGradient></defs>' +
        '<rect id="r" width="40" height="30" fill="url(#g)"/><use href="#r"/></svg>',
    );

    const out = await processImage(svg, 'wish');

    expect(out).toMatchObject({ width: 1024, height: 768 });
    expect(colourName(await pixelAt(out.bytes, 5, 384))).toBe('red');
    expect(colourName(await pixelAt(out.bytes, 1018, 384))).toBe('blue');
  });

  const PNG_DATA_URL =
    'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC';
  it.each([
    ['an embedded image', `<image href="${PNG_DATA_URL}" width="10" height="10"/>`],
    ['an embedded image spelt with character references', `<image href="d&#97;t&#x61;:image/png;base64,AAAA"/>`],
    ['a filter image', `<filter id="f"><feImage href="${PNG_DATA_URL}"/></filter>`],
    ['an embedded document', '<use href="data:image/svg+xml;base64,PHN2Zy8+#x"/>'],
    ['a stylesheet import with CSS escapes', '<style>@import url("d\\61 t\\\na:text/css,rect{}");</style>'],
  ])('refuses an SVG that loads %s', async (_name, body) => {
    const svg = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">${body}</svg>`);
    await expect(processImage(svg, 'wish')).rejects.toMatchObject(refusal);
  });

  it('refuses an SVG that declares entities', async () => {
    const svg = Buffer.from(
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY e "<rect width=\'10\' height=\'10\'/>">]>' +
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">&e;</svg>',
    );
    await expect(processImage(svg, 'wish')).rejects.toMatchObject(refusal);
  });

  it('refuses text that is not an image, whatever it is called', async () => {
    const text = Buffer.from('This is a text file someone renamed to holiday.jpg\n'.repeat(20));
    await expect(processImage(text, 'wish')).rejects.toMatchObject(refusal);
    await expect(processImage(text, 'wish')).rejects.toBeInstanceOf(AppError);
  });

  it('refuses HTML', async () => {
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    await expect(processImage(html, 'photo')).rejects.toMatchObject(refusal);
  });

  it('refuses an image format it does not take (TIFF)', async () => {
    const tiff = await solidImage(64, 64, 'tiff');
    expect((await sharp(tiff).metadata()).format).toBe('tiff');
    await expect(processImage(tiff, 'photo')).rejects.toMatchObject(refusal);
  });

  it('refuses a truncated JPEG', async () => {
    const whole = await sharp({
      create: {
        width: 300,
        height: 300,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 30 },
      },
    })
      .jpeg()
      .toBuffer();
    await expect(processImage(whole.subarray(0, whole.length / 2), 'wish')).rejects.toMatchObject(refusal);
  });

  it('refuses a pixel bomb from its header', async () => {
    const bomb = await pixelBombPng(50_000, 50_000);
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({ width: 50_000, height: 50_000 });
    await expect(processImage(bomb, 'photo')).rejects.toMatchObject(refusal);
  });

  it('refuses a real image of more than 40 million pixels', async () => {
    // 6400x6400 is 40.96 million pixels: a valid JPEG that would decode fine without the limit.
    const huge = await sharp({
      create: { width: 6400, height: 6400, channels: 3, background: '#f00' },
      limitInputPixels: false,
    })
      .jpeg()
      .toBuffer();
    await expect(processImage(huge, 'photo')).rejects.toMatchObject(refusal);
  });

  it('refuses an SVG whose drawing would pass the pixel limit', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="100000" height="100000"><rect/></svg>');
    await expect(processImage(svg, 'photo')).rejects.toMatchObject(refusal);
  });

  it('refuses more than 10 MB before looking at it', async () => {
    const tooLarge = new Uint8Array(MAX_IMAGE_BYTES + 1);
    await expect(processImage(tooLarge, 'wish')).rejects.toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'Error uploading file',
    });
  });

  it.each([
    ['wish', 3000, 3000, 1024, 768],
    ['wish', 4000, 1000, 1024, 768],
    ['wish', 400, 300, 400, 300],
    ['wish', 400, 400, 400, 300],
    ['photo', 3000, 2000, 512, 512],
    ['photo', 100, 80, 512, 512],
    ['banner', 4000, 3000, 1500, 750],
    ['banner', 300, 300, 1500, 750],
  ] as const)('stores a %s from %ix%i at %ix%i', async (kind, inWidth, inHeight, width, height) => {
    const out = await processImage(await solidImage(inWidth, inHeight, 'png'), kind);
    expect(out).toMatchObject({ width, height, contentType: 'image/jpeg' });
    expect(await sharp(out.bytes).metadata()).toMatchObject({ format: 'jpeg', width, height, isProgressive: true });
  });

  it('crops to the middle of the picture', async () => {
    // 300x100: red | green | blue thirds. A 512x512 photo keeps the middle square: green.
    const thirds = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#f00' } })
      .composite([
        { input: { create: { width: 100, height: 100, channels: 3, background: '#0f0' } }, left: 100, top: 0 },
        { input: { create: { width: 100, height: 100, channels: 3, background: '#00f' } }, left: 200, top: 0 },
      ])
      .png()
      .toBuffer();
    const out = await processImage(thirds, 'photo');
    expect(colourName(await pixelAt(out.bytes, 10, 256))).toBe('green');
    expect(colourName(await pixelAt(out.bytes, 500, 256))).toBe('green');
  });

  it('keeps only the first frame of an animated GIF', async () => {
    const gif = await animatedGif();
    expect(await sharp(gif).metadata()).toMatchObject({ format: 'gif', pages: 3 });

    const out = await processImage(gif, 'wish');

    expect(out).toMatchObject({ width: 80, height: 60 });
    const meta = await sharp(out.bytes).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.pages).toBeUndefined();
    expect(colourName(await pixelAt(out.bytes, 40, 30))).toBe('red');
  });

  it('puts transparent parts on white', async () => {
    const transparent = await sharp({
      create: { width: 100, height: 100, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const out = await processImage(transparent, 'photo');
    expect(colourName(await pixelAt(out.bytes, 256, 256))).toBe('white');
  });

  it.each(['jpeg', 'png', 'webp', 'avif'] as const)('takes %s and answers a JPEG', async (format) => {
    const input = await solidImage(200, 150, format, { r: 0, g: 0, b: 255 });
    const out = await processImage(input, 'wish');
    expect(isJpeg(out.bytes)).toBe(true);
    expect(out).toMatchObject({ width: 200, height: 150, contentType: 'image/jpeg' });
    expect(colourName(await pixelAt(out.bytes, 100, 75))).toBe('blue');
  });
});

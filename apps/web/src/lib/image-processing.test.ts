import { BLURHASH_LENGTH } from '@sweetwish/shared/wishes';
import { describe, expect, it } from 'vitest';
import { blurhashOfPixels, fitWithin } from './image-processing';

function pixels(width: number, height: number, seed: number): Uint8ClampedArray {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < data.length; i++) data[i] = i % 4 === 3 ? 255 : (i * seed * 31) % 256;
  return data;
}

describe('blurhashOfPixels', () => {
  it.each([
    [32, 24, 1],
    [32, 32, 7],
    [32, 16, 13],
    [1, 1, 3],
  ])('is exactly 36 characters for a %ix%i image', (width, height, seed) => {
    expect(blurhashOfPixels(pixels(width, height, seed), width, height)).toHaveLength(BLURHASH_LENGTH);
  });
});

describe('fitWithin', () => {
  it('scales a large crop down to the maximum, keeping its shape', () => {
    expect(fitWithin(2048, 1536, { width: 1024, height: 1024 })).toEqual({ width: 1024, height: 768 });
    expect(fitWithin(3000, 1500, { width: 1500, height: 750 })).toEqual({ width: 1500, height: 750 });
  });

  it('never enlarges a small crop', () => {
    expect(fitWithin(400, 300, { width: 1024, height: 768 })).toEqual({ width: 400, height: 300 });
  });
});

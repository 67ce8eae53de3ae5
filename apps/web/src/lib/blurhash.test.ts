import { BLURHASH_LENGTH } from '@sweetwish/shared/blurhash';
import { describe, expect, it } from 'vitest';
import { blurhashOfPixels } from './blurhash';

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

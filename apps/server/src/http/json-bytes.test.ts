import { describe, expect, it } from 'vitest';
import { acceptsGzip } from './json-bytes';

describe('acceptsGzip', () => {
  it.each([
    ['gzip, deflate, br, zstd', true],
    ['br;q=1.0, gzip;q=0.8, *;q=0.1', true],
    ['GZIP', true],
    ['x-gzip', true],
    ['*', true],
    ['br, *;q=0.5', true],
    [undefined, false],
    ['', false],
    ['identity', false],
    ['br, deflate', false],
    ['gzip;q=0', false],
    ['gzip;q=0.0, *', false],
    ['*;q=0', false],
  ])('%s: %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});

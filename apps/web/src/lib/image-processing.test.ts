import { describe, expect, it } from 'vitest';
import { fitWithin } from './image-processing';

describe('fitWithin', () => {
  it('scales a large crop down to the maximum, keeping its shape', () => {
    expect(fitWithin(2048, 1536, { width: 1024, height: 1024 })).toEqual({ width: 1024, height: 768 });
    expect(fitWithin(3000, 1500, { width: 1500, height: 750 })).toEqual({ width: 1500, height: 750 });
  });

  it('never enlarges a small crop', () => {
    expect(fitWithin(400, 300, { width: 1024, height: 768 })).toEqual({ width: 400, height: 300 });
  });
});

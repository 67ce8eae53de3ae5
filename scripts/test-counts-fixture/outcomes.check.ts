import { expect, it } from 'vitest';

// One test of each kind the counts tell apart (scripts/test-counts.test.ts runs this file, retry 1).
let flakyTries = 0;

it('passes', () => {
  expect(1).toBe(1);
});

it('fails on the first try only', () => {
  flakyTries++;
  expect(flakyTries).toBe(2);
});

it('fails on every try', () => {
  expect(1).toBe(2);
});

it.skip('is skipped', () => {});

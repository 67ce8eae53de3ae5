import { describe, expect, it } from 'vitest';
import { addMonths } from './subscriptions';

const at = (iso: string) => new Date(iso);

describe('addMonths', () => {
  it('keeps the day of the month, or takes the last day of a shorter month', () => {
    const jan31 = at('2027-01-31T10:00:00.000Z');
    expect(addMonths(jan31, 1).toISOString()).toBe('2027-02-28T10:00:00.000Z');
    expect(addMonths(jan31, 2).toISOString()).toBe('2027-03-31T10:00:00.000Z');
    expect(addMonths(jan31, 3).toISOString()).toBe('2027-04-30T10:00:00.000Z');
    expect(addMonths(jan31, 12).toISOString()).toBe('2028-01-31T10:00:00.000Z');
  });

  it('gives Feb 29 in a leap year', () => {
    expect(addMonths(at('2028-01-31T00:00:00.000Z'), 1).toISOString()).toBe('2028-02-29T00:00:00.000Z');
    expect(addMonths(at('2028-02-29T00:00:00.000Z'), 12).toISOString()).toBe('2029-02-28T00:00:00.000Z');
  });

  it('crosses years', () => {
    expect(addMonths(at('2027-11-15T08:30:00.000Z'), 3).toISOString()).toBe('2028-02-15T08:30:00.000Z');
  });
});

import { describe, expect, it } from 'vitest';
import {
  formatConversationStart,
  formatMonthDay,
  formatMonthDayTime,
  formatMonthDayYear,
  formatShortUsDate,
  formatTimeOfDay,
  ordinal,
} from './dates';

// Local-time dates (new Date(y, m, d, …)), since the formats show the viewer's own day and time.
describe('the "MMM Do" gift date', () => {
  it.each([
    [new Date(2025, 10, 22), 'Nov 22nd'],
    [new Date(2025, 0, 1), 'Jan 1st'],
    [new Date(2025, 1, 2), 'Feb 2nd'],
    [new Date(2025, 2, 3), 'Mar 3rd'],
    [new Date(2025, 3, 4), 'Apr 4th'],
    [new Date(2025, 4, 11), 'May 11th'],
    [new Date(2025, 5, 12), 'Jun 12th'],
    [new Date(2025, 6, 13), 'Jul 13th'],
    [new Date(2025, 7, 21), 'Aug 21st'],
    [new Date(2025, 8, 23), 'Sep 23rd'],
    [new Date(2025, 9, 30), 'Oct 30th'],
    [new Date(2025, 11, 31), 'Dec 31st'],
  ])('shows %s as %s', (date, text) => {
    expect(formatMonthDay(date)).toBe(text);
  });

  it('reads the ISO timestamps the API sends, in local time', () => {
    const date = new Date(2024, 1, 29, 23, 59);
    expect(formatMonthDay(date.toISOString())).toBe('Feb 29th');
  });

  it('gives every day of a month its English ordinal', () => {
    expect(Array.from({ length: 31 }, (_, i) => ordinal(i + 1)).join(' ')).toBe(
      '1st 2nd 3rd 4th 5th 6th 7th 8th 9th 10th 11th 12th 13th 14th 15th 16th 17th 18th 19th 20th ' +
        '21st 22nd 23rd 24th 25th 26th 27th 28th 29th 30th 31st',
    );
  });
});

describe('the "h:mm A" time of day', () => {
  it.each([
    [new Date(2025, 10, 22, 0, 0), '12:00 AM'],
    [new Date(2025, 10, 22, 9, 5), '9:05 AM'],
    [new Date(2025, 10, 22, 12, 30), '12:30 PM'],
    [new Date(2025, 10, 22, 15, 4), '3:04 PM'],
    [new Date(2025, 10, 22, 23, 59), '11:59 PM'],
  ])('shows %s as %s', (date, text) => {
    expect(formatTimeOfDay(date)).toBe(text);
  });

  it('joins both for a row timestamp', () => {
    expect(formatMonthDayTime(new Date(2025, 10, 22, 15, 4))).toBe('Nov 22nd, 3:04 PM');
  });
});

describe('the short US date of the withdrawal history', () => {
  it.each([
    [new Date(2026, 10, 24), '11/24/26'],
    [new Date(2026, 0, 5), '1/5/26'],
    [new Date(2009, 11, 31), '12/31/09'],
    [new Date(2100, 6, 4), '7/4/00'],
  ])('shows %s as %s', (date, text) => {
    expect(formatShortUsDate(date)).toBe(text);
  });
});

describe('the "MMMM Do, h:mm A" start of a conversation', () => {
  it.each([
    [new Date(2025, 10, 22, 15, 4), 'November 22nd, 3:04 PM'],
    [new Date(2025, 0, 1, 0, 0), 'January 1st, 12:00 AM'],
    [new Date(2025, 4, 3, 12, 30), 'May 3rd, 12:30 PM'],
    [new Date(2025, 8, 11, 9, 5), 'September 11th, 9:05 AM'],
    [new Date(2025, 11, 31, 23, 59), 'December 31st, 11:59 PM'],
  ])('shows %s as %s', (date, text) => {
    expect(formatConversationStart(date)).toBe(text);
  });

  it('reads the ISO timestamps the API sends, in local time', () => {
    expect(formatConversationStart(new Date(2024, 1, 29, 18, 7).toISOString())).toBe('February 29th, 6:07 PM');
  });
});

describe('the "MMM Do, YYYY" date of a fan', () => {
  it('carries the year', () => {
    expect(formatMonthDayYear(new Date(2025, 10, 22))).toBe('Nov 22nd, 2025');
    expect(formatMonthDayYear(new Date(2031, 6, 2).toISOString())).toBe('Jul 2nd, 2031');
  });
});

import type { InsightBucket, InsightRange } from '@sweetwish/shared/insights';

/** Local calendar days (YYYY-MM-DD) and the arithmetic the insights need, on plain dates in UTC. */

const DAY_MS = 24 * 60 * 60 * 1000;

export function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** The day it is at `now` in `timeZone`. */
export function localDay(now: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

function toDate(day: string) {
  return new Date(`${day}T00:00:00Z`);
}

function toDay(date: Date) {
  return date.toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  return toDay(new Date(toDate(day).getTime() + days * DAY_MS));
}

export function addMonths(day: string, months: number): string {
  const date = toDate(day);
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  return toDay(date);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((toDate(to).getTime() - toDate(from).getTime()) / DAY_MS);
}

/** The first day of the day's week (Monday, as PostgreSQL's date_trunc) or month. */
export function bucketStart(day: string, by: InsightBucket): string {
  if (by === 'day') return day;
  if (by === 'month') return `${day.slice(0, 7)}-01`;
  const weekday = (toDate(day).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

export function nextBucket(start: string, by: InsightBucket): string {
  if (by === 'day') return addDays(start, 1);
  if (by === 'week') return addDays(start, 7);
  return addMonths(start, 1);
}

/** Every bucket start from the one holding `from` to the one holding `to`. */
export function bucketStarts(from: string, to: string, by: InsightBucket): string[] {
  const starts: string[] = [];
  for (let start = bucketStart(from, by); start <= to; start = nextBucket(start, by)) starts.push(start);
  return starts;
}

/**
 * A range's local days [from, to] ending today, and the period of the same length before it (none for all
 * time, which starts at the first earning).
 */
export function rangeDays(range: InsightRange, today: string, firstDay: string | undefined) {
  if (range === 'all') return { from: firstDay && firstDay < today ? firstDay : today, to: today, previous: null };
  if (range === '12m') {
    const from = addMonths(today, -11);
    return { from, to: today, previous: { from: addMonths(from, -12), to: addDays(from, -1) } };
  }
  const length = range === '7d' ? 7 : 30;
  const from = addDays(today, -(length - 1));
  return { from, to: today, previous: { from: addDays(from, -length), to: addDays(from, -1) } };
}

import type { InsightBucket } from '@sweetwish/shared/insights';
import { formatDollars } from '@sweetwish/shared/money';

const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** A bucket's label from its first local day (YYYY-MM-DD): "Mar 4", "Week of Mar 2", "Mar 2026". */
export function bucketLabel(start: string, by: InsightBucket): string {
  const date = new Date(`${start}T00:00:00Z`);
  if (by === 'month') return monthFormat.format(date);
  return by === 'week' ? `Week of ${dayFormat.format(date)}` : dayFormat.format(date);
}

export function dayLabel(day: string): string {
  return dayFormat.format(new Date(`${day}T00:00:00Z`));
}

export function dollars(cents: number): string {
  return formatDollars(cents);
}

export function percentLabel(percent: number | null): string {
  if (percent === null) return '—';
  return `${percent > 0 ? '+' : ''}${percent}%`;
}

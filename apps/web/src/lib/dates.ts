/**
 * product.md's date formats (section 9), in the viewer's time zone and in English like the rest of the
 * app: "MMM Do" for a gift date, "h:mm A" for a time of day, "MMMM Do, h:mm A" for the start of a
 * conversation. Written by hand: a date library would be a dependency for a few short functions.
 */
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
const SHORT_MONTHS = MONTHS.map((month) => month.slice(0, 3));

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st, 22nd, 23rd … 31st. */
export function ordinal(day: number): string {
  const lastTwo = day % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${day}th`;
  const suffix = ['th', 'st', 'nd', 'rd'][day % 10] ?? 'th';
  return `${day}${suffix}`;
}

function toDate(value: Date | string): Date {
  return typeof value === 'string' ? new Date(value) : value;
}

/** "MMM Do": "Nov 22nd". */
export function formatMonthDay(value: Date | string): string {
  const date = toDate(value);
  return `${SHORT_MONTHS[date.getMonth()]} ${ordinal(date.getDate())}`;
}

/** "h:mm A": "3:04 PM", "12:00 AM". */
export function formatTimeOfDay(value: Date | string): string {
  const date = toDate(value);
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, '0');
  return `${hours % 12 === 0 ? 12 : hours % 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** "MMM Do, h:mm A": "Nov 22nd, 3:04 PM", for a list row's timestamp. */
export function formatMonthDayTime(value: Date | string): string {
  return `${formatMonthDay(value)}, ${formatTimeOfDay(value)}`;
}

/** "MMMM Do, h:mm A": "November 22nd, 3:04 PM", when a conversation started (product.md section 9). */
export function formatConversationStart(value: Date | string): string {
  const date = toDate(value);
  return `${MONTHS[date.getMonth()]} ${ordinal(date.getDate())}, ${formatTimeOfDay(date)}`;
}

/** "MMM Do, YYYY": "Nov 22nd, 2025", for a date that may lie in another year (a fan's "since"). */
export function formatMonthDayYear(value: Date | string): string {
  const date = toDate(value);
  return `${formatMonthDay(date)}, ${date.getFullYear()}`;
}

/** Short US date with a two-digit year: "11/24/26" (the withdrawal history's Date column). */
export function formatShortUsDate(value: Date | string): string {
  const date = toDate(value);
  return `${date.getMonth() + 1}/${date.getDate()}/${String(date.getFullYear() % 100).padStart(2, '0')}`;
}

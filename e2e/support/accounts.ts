import { randomInt } from 'node:crypto';
import { test } from './test';

const usedPhones = new Set<string>();

/**
 * A valid US number that no other test of this run uses: +1 202-555-WXYZ, where W is chosen by the
 * worker (2-9, so never the 555-01xx block) and XYZ is random and not yet used in this worker.
 */
export function uniquePhone(): string {
  const workerDigit = (test.info().workerIndex % 8) + 2;
  for (;;) {
    const phone = `+1202555${workerDigit}${String(randomInt(1000)).padStart(3, '0')}`;
    if (!usedPhones.has(phone)) {
      usedPhones.add(phone);
      return phone;
    }
  }
}

/** The national part of an E.164 US number, as typed into the phone field ("2025550123"). */
export function nationalDigits(phone: string): string {
  return phone.replace(/^\+1/, '');
}

/** The number as the phone field shows it ("202-555-0123"). */
export function maskedPhone(phone: string): string {
  const d = nationalDigits(phone);
  return `${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}`;
}

function randomTail(length: number): string {
  let tail = '';
  while (tail.length < length) tail += randomInt(36 ** 4).toString(36);
  return tail.slice(0, length);
}

/** A handle nobody holds: 4-24 letters, digits and underscores. */
export function uniqueHandle(prefix = 'e2e'): string {
  return `${prefix}_${randomTail(8)}`;
}

/** A display name: 4-24 letters, digits, spaces and underscores. */
export function uniqueDisplayName(prefix = 'Fan'): string {
  return `${prefix} ${randomTail(6)}`;
}

export function uniqueEmail(): string {
  return `fan_${randomTail(10)}@example.com`;
}

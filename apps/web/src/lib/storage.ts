/**
 * Local and session storage keys (product.md section 3) and access that never throws: a browser that refuses
 * storage (private mode, full quota, blocked cookies) still works, and the failure is only logged (product.md section 8).
 */
export const STORAGE_KEYS = {
  /** sessionStorage: the affiliate code of the invite link that brought the visitor in. */
  affiliate: 'affiliate',
  /** localStorage: the address an e-mail sign-in link was sent to, to complete it on return. */
  emailForSignIn: 'emailForSignIn',
  /** localStorage: set once the visitor accepted the terms dialog. */
  termsAccepted: 'termsAccepted',
  /** localStorage: set while logging out; cleared when the landing page loads. */
  loggingOut: 'loggingOut',
  /** localStorage: "false" while the owner hides their balance on their profile (product.md section 3: show-money flag, default true). */
  showMoney: 'showMoney',
  /** sessionStorage: the balance in cents when a top-up began, so its return can tell when the tokens landed. */
  topUpBalanceBefore: 'topUpBalanceBefore',
} as const;

type Area = 'local' | 'session';

function storage(area: Area): Storage {
  return area === 'local' ? window.localStorage : window.sessionStorage;
}

export function readStored(key: string, area: Area = 'local'): string | null {
  // The server renders some pages (entry-server.tsx) as a first visit: nothing stored.
  if (typeof window === 'undefined') return null;
  try {
    return storage(area).getItem(key);
  } catch (error) {
    console.warn(`Could not read "${key}" from ${area} storage`, error);
    return null;
  }
}

export function writeStored(key: string, value: string, area: Area = 'local'): void {
  try {
    storage(area).setItem(key, value);
  } catch (error) {
    console.warn(`Could not write "${key}" to ${area} storage`, error);
  }
}

export function removeStored(key: string, area: Area = 'local'): void {
  try {
    storage(area).removeItem(key);
  } catch (error) {
    console.warn(`Could not remove "${key}" from ${area} storage`, error);
  }
}

export function clearStored(area: Area = 'local'): void {
  try {
    storage(area).clear();
  } catch (error) {
    console.warn(`Could not clear ${area} storage`, error);
  }
}

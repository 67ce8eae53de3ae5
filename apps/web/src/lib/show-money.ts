import { useState } from 'react';
import { readStored, STORAGE_KEYS, writeStored } from './storage';

/**
 * Whether the owner shows their balance on their profile: the show-money flag in local storage (product.md
 * section 3), true unless they hid it. A storage failure is only logged; the toggle still works for the visit.
 */
export function useShowMoney(): [isShown: boolean, setIsShown: (isShown: boolean) => void] {
  const [isShown, setIsShown] = useState(() => readStored(STORAGE_KEYS.showMoney) !== 'false');
  const change = (next: boolean) => {
    setIsShown(next);
    writeStored(STORAGE_KEYS.showMoney, String(next));
  };
  return [isShown, change];
}

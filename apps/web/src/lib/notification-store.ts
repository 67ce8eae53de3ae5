import type { AlertColor } from '@mui/material/Alert';

/**
 * Messages to the user (product.md section 8): "toast" at the top centre for 3 s (sign-in and sharing),
 * "notification" at the bottom left for 5 s, at most 3 on screen, everywhere else.
 */
export type NotificationPlacement = 'toast' | 'notification';
export type NotificationItem = {
  id: number;
  message: string;
  severity: AlertColor;
  placement: NotificationPlacement;
  /** How long it stays once it shows (notification-stack.tsx counts from then). */
  durationMs: number;
};

const DURATION_MS: Record<NotificationPlacement, number> = { toast: 3000, notification: 5000 };
const MAX_NOTIFICATIONS = 3;

let items: NotificationItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function setItems(next: NotificationItem[]) {
  items = next;
  for (const listener of listeners) listener();
}

export function notify(
  message: string,
  {
    severity = 'error',
    placement = 'notification',
    durationMs,
  }: { severity?: AlertColor; placement?: NotificationPlacement; durationMs?: number } = {},
) {
  const item = { id: nextId++, message, severity, placement, durationMs: durationMs ?? DURATION_MS[placement] };
  const others = items.filter((i) => i.placement !== placement);
  const same = [...items.filter((i) => i.placement === placement), item].slice(
    placement === 'toast' ? -1 : -MAX_NOTIFICATIONS,
  );
  setItems([...others, ...same]);
}

export function dismiss(id: number) {
  if (items.some((i) => i.id === id)) setItems(items.filter((i) => i.id !== id));
}

export function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentNotifications() {
  return items;
}

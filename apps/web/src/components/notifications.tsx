import Alert, { type AlertColor } from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useSyncExternalStore } from 'react';

/**
 * Messages to the user (spec section 8): "toast" at the top centre for 3 s (sign-in and sharing),
 * "notification" at the bottom left for 5 s, at most 3 on screen, everywhere else.
 */
export type NotificationPlacement = 'toast' | 'notification';
type Item = { id: number; message: string; severity: AlertColor; placement: NotificationPlacement };

const DURATION_MS: Record<NotificationPlacement, number> = { toast: 3000, notification: 5000 };
const MAX_NOTIFICATIONS = 3;

let items: Item[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function setItems(next: Item[]) {
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
  const item = { id: nextId++, message, severity, placement };
  const others = items.filter((i) => i.placement !== placement);
  const same = [...items.filter((i) => i.placement === placement), item].slice(
    placement === 'toast' ? -1 : -MAX_NOTIFICATIONS,
  );
  setItems([...others, ...same]);
  setTimeout(() => dismiss(item.id), durationMs ?? DURATION_MS[placement]);
}

function dismiss(id: number) {
  if (items.some((i) => i.id === id)) setItems(items.filter((i) => i.id !== id));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function Notifications() {
  const current = useSyncExternalStore(subscribe, () => items);
  const toasts = current.filter((i) => i.placement === 'toast');
  const notifications = current.filter((i) => i.placement === 'notification');
  return (
    <>
      <Stack
        spacing={1}
        sx={{
          position: 'fixed',
          top: 16,
          left: '50%',
          transform: 'translateX(-50%)',
          zIndex: 'snackbar',
          width: 'min(92vw, 420px)',
        }}
      >
        {toasts.map((i) => (
          <Alert key={i.id} severity={i.severity} variant="filled" onClose={() => dismiss(i.id)}>
            {i.message}
          </Alert>
        ))}
      </Stack>
      <Stack
        spacing={1}
        sx={{ position: 'fixed', bottom: 16, left: 16, zIndex: 'snackbar', width: 'min(92vw, 380px)' }}
      >
        {notifications.map((i) => (
          <Alert key={i.id} severity={i.severity} variant="filled" onClose={() => dismiss(i.id)}>
            {i.message}
          </Alert>
        ))}
      </Stack>
    </>
  );
}

import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useEffect } from 'react';
import { dismiss, type NotificationItem } from '../lib/notification-store';
import { TOP_BAR_HEIGHT } from '../lib/theme';

export function NotificationStack({ items: current }: { items: NotificationItem[] }) {
  const toasts = current.filter((i) => i.placement === 'toast');
  const notifications = current.filter((i) => i.placement === 'notification');
  return (
    <>
      {/* Toasts sit under the top bar, so they never cover its menu button. */}
      <Stack
        spacing={1}
        sx={{
          position: 'fixed',
          top: TOP_BAR_HEIGHT + 8,
          left: '50%',
          transform: 'translateX(-50%)',
          zIndex: 'snackbar',
          width: 'min(92vw, 420px)',
        }}
      >
        {toasts.map((i) => (
          <ShownAlert key={i.id} item={i} />
        ))}
      </Stack>
      <Stack
        spacing={1}
        sx={{ position: 'fixed', bottom: 16, left: 16, zIndex: 'snackbar', width: 'min(92vw, 380px)' }}
      >
        {notifications.map((i) => (
          <ShownAlert key={i.id} item={i} />
        ))}
      </Stack>
    </>
  );
}

/**
 * A message, gone after its time counted from when it shows: this code loads with the first message, and
 * on a slow network that can take longer than a toast lasts, which would then never be seen.
 */
function ShownAlert({ item }: { item: NotificationItem }) {
  useEffect(() => {
    const timer = setTimeout(() => dismiss(item.id), item.durationMs);
    return () => clearTimeout(timer);
  }, [item.id, item.durationMs]);
  return (
    <Alert
      severity={item.severity}
      variant="filled"
      onClose={() => dismiss(item.id)}
      // Good news in the theme's pink rather than Material's stock green.
      sx={item.severity === 'success' ? { bgcolor: 'primary.main', color: 'primary.contrastText' } : undefined}
    >
      {item.message}
    </Alert>
  );
}

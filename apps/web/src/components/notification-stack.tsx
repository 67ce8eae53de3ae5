import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { dismiss, type NotificationItem } from './notification-store';

export function NotificationStack({ items: current }: { items: NotificationItem[] }) {
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

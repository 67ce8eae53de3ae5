import { lazy, Suspense, useSyncExternalStore } from 'react';
import { currentNotifications, subscribe } from './notification-store';

// The alert components load with the first message, keeping them out of every page's first load.
const NotificationStack = lazy(() => import('./notification-stack').then((m) => ({ default: m.NotificationStack })));

export function Notifications() {
  const current = useSyncExternalStore(subscribe, currentNotifications);
  if (current.length === 0) return null;
  return (
    <Suspense>
      <NotificationStack items={current} />
    </Suspense>
  );
}

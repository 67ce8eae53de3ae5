import { lazy, Suspense, useSyncExternalStore } from 'react';
import { currentNotifications, type NotificationItem, subscribe } from '../lib/notification-store';

// The alert components load with the first message, keeping them out of every page's first load.
const NotificationStack = lazy(() => import('./notification-stack').then((m) => ({ default: m.NotificationStack })));

/** A page the server renders shows no message: they come from what the visitor does in the browser. */
const NONE_ON_THE_SERVER: NotificationItem[] = [];

export function Notifications() {
  const current = useSyncExternalStore(subscribe, currentNotifications, () => NONE_ON_THE_SERVER);
  if (current.length === 0) return null;
  return (
    <Suspense>
      <NotificationStack items={current} />
    </Suspense>
  );
}

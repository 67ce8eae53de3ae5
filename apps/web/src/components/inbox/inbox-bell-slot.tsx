import { lazy, Suspense } from 'react';
import { useMe } from '../../lib/session';

// The bell's code (and MUI's Badge) loads only for someone signed in: a visitor's fan page never fetches it.
const InboxBell = lazy(() => import('./inbox-bell').then((m) => ({ default: m.InboxBell })));

/** Where the top bar puts the inbox bell: nothing for visitors. */
export function InboxBellSlot() {
  const { isSignedIn } = useMe();
  if (!isSignedIn) return null;
  return (
    <Suspense>
      <InboxBell />
    </Suspense>
  );
}

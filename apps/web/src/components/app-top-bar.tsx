import { useMe } from '../lib/session';
import { BackButton } from './back-button';
import { InboxBellSlot } from './inbox/inbox-bell-slot';
import { MenuButton } from './menu-button';
import { TopBar } from './top-bar';

/**
 * The top bar of the app's screens: an optional back arrow, the logo (to the user's profile when signed
 * in, else /home; product.md section 2), the inbox bell for someone signed in, and the side-menu button.
 */
export function AppTopBar({ hasBack = false }: { hasBack?: boolean }) {
  const { me } = useMe();
  return (
    <TopBar
      start={hasBack ? <BackButton /> : undefined}
      logoTo={me?.handle ? `/${me.handle}` : '/home'}
      actions={
        <>
          <InboxBellSlot />
          <MenuButton />
        </>
      }
    />
  );
}

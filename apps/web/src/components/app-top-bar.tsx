import { useMe } from '../lib/session';
import { BackButton } from './back-button';
import { MenuButton } from './menu-button';
import { TopBar } from './top-bar';

/**
 * The top bar of the app's screens: an optional back arrow, the logo (to the user's profile when signed
 * in, else /home; product.md section 2) and the side-menu button.
 */
export function AppTopBar({ hasBack = false }: { hasBack?: boolean }) {
  const { me } = useMe();
  return (
    <TopBar
      start={hasBack ? <BackButton /> : undefined}
      logoTo={me?.handle ? `/${me.handle}` : '/home'}
      actions={<MenuButton />}
    />
  );
}

import MenuIcon from '@mui/icons-material/Menu';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import { useActivity } from './wallet/wallet-queries';

// The drawer's code loads when the menu is first opened (or about to be), not with the page.
const loadSideMenu = () => import('./side-menu');
const SideMenu = lazy(() => loadSideMenu().then((m) => ({ default: m.SideMenu })));

/**
 * The top bar's menu button and the side menu it opens. The menu belongs to the page it was opened on:
 * any route change closes it (product.md section 2, Side menu). A dot on the button says there is something unseen
 * inside: it counts unseen conversations plus unseen received purchases.
 */
export function MenuButton() {
  const location = useLocation();
  const [openAt, setOpenAt] = useState<string | null>(null);
  const [hasLoaded, setHasLoaded] = useState(false);
  const isOpen = openAt === location.key;
  const activity = useActivity().data;
  const unseen = (activity?.unseenReceived ?? 0) + (activity?.unseenConversations ?? 0);
  return (
    <>
      <IconButton
        aria-label={unseen > 0 ? `Menu, ${unseen} unseen` : 'Menu'}
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        edge="end"
        onPointerEnter={() => void loadSideMenu()}
        onFocus={() => void loadSideMenu()}
        onClick={() => {
          setHasLoaded(true);
          setOpenAt(location.key);
        }}
        sx={{ color: 'text.primary' }}
      >
        <MenuIcon />
        {unseen > 0 && (
          <Box
            component="span"
            sx={{
              position: 'absolute',
              top: 6,
              right: 4,
              width: 10,
              height: 10,
              borderRadius: '50%',
              bgcolor: 'primary.main',
              border: 2,
              borderColor: 'background.default',
            }}
          />
        )}
      </IconButton>
      {hasLoaded && (
        <Suspense>
          <SideMenu isOpen={isOpen} onOpen={() => setOpenAt(location.key)} onClose={() => setOpenAt(null)} />
        </Suspense>
      )}
    </>
  );
}

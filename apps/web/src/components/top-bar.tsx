import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { MIN_PAGE_WIDTH, TOP_BAR_HEIGHT } from '../lib/theme';
import { Logo } from './logo';

/**
 * The fixed bar at the top of a page: an optional leading control (a back arrow), the logo (leading to
 * `logoTo`, the landing page by default), and the page's actions on the right.
 */
export function TopBar({
  actions,
  start,
  logoTo,
  isTransparent = false,
}: {
  actions?: ReactNode;
  start?: ReactNode;
  logoTo?: string;
  isTransparent?: boolean;
}) {
  return (
    <Box
      component="header"
      sx={{
        position: 'fixed',
        top: 0,
        left: 0,
        right: 0,
        zIndex: 'appBar',
        height: TOP_BAR_HEIGHT,
        minWidth: MIN_PAGE_WIDTH,
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        px: { xs: 2, sm: 3 },
        bgcolor: isTransparent ? 'transparent' : 'background.default',
        borderBottom: 1,
        borderColor: isTransparent ? 'transparent' : 'divider',
        transition: 'background-color 200ms, border-color 200ms',
      }}
    >
      {start}
      <Logo to={logoTo} />
      <Box sx={{ flexGrow: 1 }} />
      {actions}
    </Box>
  );
}

import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { MIN_PAGE_WIDTH, TOP_BAR_HEIGHT } from '../app/theme';
import { Logo } from './logo';

/** The fixed bar at the top of a page: the logo on the left, the page's actions on the right. */
export function TopBar({ actions, isTransparent = false }: { actions?: ReactNode; isTransparent?: boolean }) {
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
      <Logo />
      <Box sx={{ flexGrow: 1 }} />
      {actions}
    </Box>
  );
}

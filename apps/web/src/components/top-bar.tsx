import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import type { ReactNode } from 'react';
import { TOP_BAR_HEIGHT } from '../app/theme';
import { Logo } from './logo';

/** The fixed bar at the top of a page: the logo on the left, the page's actions on the right. */
export function TopBar({ actions, isTransparent = false }: { actions?: ReactNode; isTransparent?: boolean }) {
  return (
    <AppBar
      position="fixed"
      elevation={0}
      sx={{
        height: TOP_BAR_HEIGHT,
        minWidth: 320,
        justifyContent: 'center',
        bgcolor: isTransparent ? 'transparent' : 'background.default',
        borderBottom: 1,
        borderColor: isTransparent ? 'transparent' : 'divider',
        backgroundImage: 'none',
        transition: 'background-color 200ms, border-color 200ms',
      }}
    >
      <Toolbar sx={{ gap: 1 }}>
        <Logo />
        <Box sx={{ flexGrow: 1 }} />
        {actions}
      </Toolbar>
    </AppBar>
  );
}

import Box from '@mui/material/Box';
import { Outlet, ScrollRestoration } from 'react-router';
import { MIN_PAGE_WIDTH, TOP_BAR_HEIGHT } from './theme';

/** Full-width page (each screen renders its own header, <main> and footer) with room for the fixed top bar; new pages start at the top (product.md section 2). */
export function AppLayout() {
  return (
    <Box sx={{ minWidth: MIN_PAGE_WIDTH, width: '100%', pt: `${TOP_BAR_HEIGHT}px`, minHeight: '100svh' }}>
      <Outlet />
      <ScrollRestoration />
    </Box>
  );
}

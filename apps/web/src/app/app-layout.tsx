import Box from '@mui/material/Box';
import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useMatches } from 'react-router';
import { DEFAULT_TITLE, pageTitle, type ScreenHandle } from '../lib/page-title';
import { MIN_PAGE_WIDTH, TOP_BAR_HEIGHT } from '../lib/theme';

/**
 * Full-width page (each screen renders its own header, <main> and footer) with room for the fixed top bar; new
 * pages start at the top (product.md section 2). The tab's title follows the route table's; a screen without one
 * there names itself (usePageTitle).
 */
export function AppLayout() {
  const matches = useMatches();
  const handle = matches.at(-1)?.handle as ScreenHandle | undefined;
  const isIndex = matches.at(-1)?.pathname === '/';
  useEffect(() => {
    if (handle?.title !== undefined) document.title = pageTitle(handle.title);
    else if (isIndex) document.title = DEFAULT_TITLE;
  }, [handle?.title, isIndex]);
  return (
    <Box sx={{ minWidth: MIN_PAGE_WIDTH, width: '100%', pt: `${TOP_BAR_HEIGHT}px`, minHeight: '100svh' }}>
      <Outlet />
      <ScrollRestoration />
    </Box>
  );
}

import Box from '@mui/material/Box';
import { MIN_PAGE_WIDTH, TOP_BAR_HEIGHT } from '../lib/theme';
import { CenteredSpinner } from './centered-spinner';
import { TopBar } from './top-bar';

/**
 * What a page shows until its screen's code and data have arrived: the top bar and a spinner. The server
 * sends it in every page it does not render whole, and the router draws it while it loads the first screen
 * (its HydrateFallback), so a slow network shows the app's frame at once (decision 052).
 */
export function ScreenPlaceholder() {
  return (
    <Box sx={{ minWidth: MIN_PAGE_WIDTH, width: '100%', pt: `${TOP_BAR_HEIGHT}px`, minHeight: '100svh' }}>
      <TopBar />
      <CenteredSpinner />
    </Box>
  );
}

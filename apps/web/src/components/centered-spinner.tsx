import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { TOP_BAR_HEIGHT } from '../lib/theme';

/** A page that is waiting: one spinner in the middle of the screen, announced to assistive technology. */
export function CenteredSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <Box
      component="main"
      sx={{ display: 'grid', placeItems: 'center', minHeight: `calc(100svh - ${TOP_BAR_HEIGHT}px)`, px: 3 }}
      aria-busy="true"
    >
      <CircularProgress aria-label={label} />
    </Box>
  );
}

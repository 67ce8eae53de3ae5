import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import type { ReactNode } from 'react';

// The wishlist's grid and its placeholder, apart from the cards: the profile shows the placeholder while the
// wishlist's own code loads (decision 052), and that code stays out of the page's first file.

/** Placeholders shown while the wishlist loads (product.md section 2). */
export const WISH_PLACEHOLDER_COUNT = 8;

/** 2 columns on phones, 3 from md, 4 from lg, 6 from xl (product.md section 9). */
const GRID_COLUMNS = {
  xs: 'repeat(2, minmax(0, 1fr))',
  md: 'repeat(3, minmax(0, 1fr))',
  lg: 'repeat(4, minmax(0, 1fr))',
  xl: 'repeat(6, minmax(0, 1fr))',
};

export function WishGridFrame({
  children,
  label,
  isBusy = false,
}: {
  children: ReactNode;
  label: string;
  isBusy?: boolean;
}) {
  return (
    <Box
      component="ul"
      aria-label={label}
      aria-busy={isBusy || undefined}
      sx={{
        display: 'grid',
        gridTemplateColumns: GRID_COLUMNS,
        gap: { xs: 1.5, sm: 2 },
        p: 0,
        m: 0,
        listStyle: 'none',
      }}
    >
      {children}
    </Box>
  );
}

export function WishGridPlaceholder() {
  return (
    <WishGridFrame label="Wishlist" isBusy>
      {Array.from({ length: WISH_PLACEHOLDER_COUNT }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart.
        <li key={index} data-testid="wish-placeholder">
          <Skeleton variant="rounded" sx={{ aspectRatio: '4 / 3', height: 'auto', borderRadius: 2 }} />
          <Skeleton width="70%" sx={{ mt: 1 }} />
          <Skeleton width="35%" />
        </li>
      ))}
    </WishGridFrame>
  );
}

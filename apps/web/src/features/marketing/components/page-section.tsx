import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

/** A centred band of a marketing page with the page's side padding and vertical rhythm. */
export function PageSection({
  labelledBy,
  children,
  sx,
}: {
  labelledBy: string;
  children: ReactNode;
  sx?: SxProps<Theme>;
}) {
  return (
    <Box
      component="section"
      aria-labelledby={labelledBy}
      sx={[
        { maxWidth: 1120, mx: 'auto', px: { xs: 2, sm: 3 }, py: { xs: 6, md: 9 } },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {children}
    </Box>
  );
}

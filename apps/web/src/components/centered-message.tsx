import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A full-page state: a headline, an optional line of detail and optional actions. */
export function CenteredMessage({
  title,
  detail,
  children,
}: {
  title: string;
  detail?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Box component="main" sx={{ display: 'grid', placeItems: 'center', textAlign: 'center', px: 3, py: 10, gap: 2 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {detail && (
        <Typography color="text.secondary" sx={{ maxWidth: 480 }}>
          {detail}
        </Typography>
      )}
      {children}
    </Box>
  );
}

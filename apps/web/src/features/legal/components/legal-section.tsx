import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** One h2 section of a legal or support page. `id` makes it linkable and names the section. */
export function LegalSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={`${id}-title`} id={id} sx={{ mb: 5, scrollMarginTop: 88 }}>
      <Typography
        id={`${id}-title`}
        variant="h5"
        component="h2"
        sx={{ fontWeight: 700, fontSize: { xs: 21, md: 24 }, mb: 1.5 }}
      >
        {title}
      </Typography>
      {children}
    </Box>
  );
}

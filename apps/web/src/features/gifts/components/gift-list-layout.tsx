import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { WALLET_MESSAGES } from '@sweetwish/shared/wallet-rules';
import type { ReactNode } from 'react';

/** product.md's empty state for both lists (section 2: Purchases and Received both read so). */
export const NO_ITEMS = 'No received items.';

/** A list screen of the gifts feature: the title, one section with its heading, and its states. */
export function GiftListLayout({
  title,
  section,
  isPending,
  isError,
  isEmpty,
  children,
}: {
  title: string;
  section: string;
  isPending: boolean;
  isError: boolean;
  isEmpty: boolean;
  children: ReactNode;
}) {
  const headingId = `${section.toLowerCase().replace(/\s+/g, '-')}-heading`;
  return (
    <Box component="main" sx={{ maxWidth: 600, mx: 'auto', px: 2.5, pt: { xs: 3, sm: 5 }, pb: 6 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800, letterSpacing: '-0.02em', mb: 2.5 }}>
        {title}
      </Typography>
      <Box component="section" aria-labelledby={headingId}>
        <Typography id={headingId} variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
          {section}
        </Typography>
        {isPending ? (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
            <CircularProgress aria-label={`Loading ${title.toLowerCase()}`} />
          </Box>
        ) : isError ? (
          <Typography color="error">{WALLET_MESSAGES.somethingWrong}</Typography>
        ) : isEmpty ? (
          <Typography color="text.secondary">{NO_ITEMS}</Typography>
        ) : (
          children
        )}
      </Box>
    </Box>
  );
}

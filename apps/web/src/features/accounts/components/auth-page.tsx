import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { AppTopBar } from '../../../components/app-top-bar';

/** The frame of the sign-in screens: the app's top bar with a back arrow, and a narrow centred column. */
export function AuthPage({ title, lead, children }: { title?: string; lead?: ReactNode; children: ReactNode }) {
  return (
    <>
      <AppTopBar hasBack />
      <Box component="main" sx={{ maxWidth: 440, mx: 'auto', px: 2.5, pt: { xs: 3, sm: 6 }, pb: 6 }}>
        {title && (
          <Typography variant="h4" component="h1" sx={{ fontWeight: 800, letterSpacing: '-0.02em', mb: lead ? 1 : 3 }}>
            {title}
          </Typography>
        )}
        {lead && (
          <Typography color="text.secondary" sx={{ mb: 3, lineHeight: 1.6 }}>
            {lead}
          </Typography>
        )}
        {children}
      </Box>
    </>
  );
}

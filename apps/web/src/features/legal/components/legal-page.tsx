import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { SiteFooter } from '../../../components/site-footer';
import { TopBar } from '../../../components/top-bar';

/** The date every legal page states as its last revision. */
export const LAST_UPDATED = { label: 'November 22, 2026', iso: '2026-11-22' } as const;

/**
 * The frame of a support or legal page: top bar, one h1, the revision date, a readable column of text
 * (at most 720 px) and the site footer. Plain p, ul and a elements inside get the page's text styles.
 */
export function LegalPage({ title, lead, children }: { title: string; lead?: ReactNode; children: ReactNode }) {
  return (
    <>
      <TopBar />
      <Box
        component="main"
        aria-labelledby="legal-title"
        sx={{
          maxWidth: 720,
          mx: 'auto',
          px: { xs: 2, sm: 3 },
          pt: { xs: 5, md: 8 },
          overflowWrap: 'break-word',
          '& p': { m: 0, mb: 2, lineHeight: 1.75, color: 'text.secondary' },
          '& ul, & ol': { m: 0, mb: 2, pl: 3, color: 'text.secondary', lineHeight: 1.75 },
          '& li': { mb: 1 },
          '& li::marker': { color: 'primary.main' },
          '& strong': { color: 'text.primary', fontWeight: 600 },
          '& a': {
            color: 'primary.main',
            textUnderlineOffset: '3px',
            '&:hover': { textDecorationThickness: '2px' },
            '&:focus-visible': {
              outline: '2px solid',
              outlineColor: 'primary.main',
              outlineOffset: 2,
              borderRadius: 1,
            },
          },
        }}
      >
        <Typography
          id="legal-title"
          variant="h3"
          component="h1"
          sx={{ fontWeight: 800, fontSize: { xs: 34, md: 44 }, letterSpacing: '-0.02em' }}
        >
          {title}
        </Typography>
        <Typography component="div" variant="body2" sx={{ color: 'text.secondary', mt: 1.5, mb: 4 }}>
          Last updated: <time dateTime={LAST_UPDATED.iso}>{LAST_UPDATED.label}</time>
        </Typography>
        {lead && (
          <Box
            sx={{
              mb: 5,
              p: { xs: 2.5, sm: 3 },
              borderRadius: '20px',
              bgcolor: 'background.paper',
              border: 1,
              borderColor: 'divider',
              '& p:last-child': { mb: 0 },
            }}
          >
            {lead}
          </Box>
        )}
        {children}
      </Box>
      <SiteFooter />
    </>
  );
}

import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A rounded card with an icon badge, a title and a short text (a look-alike of MUI's Card, without its code). */
export function FeatureCard({
  icon,
  title,
  headingLevel,
  children,
}: {
  icon: ReactNode;
  title: string;
  headingLevel: 'h2' | 'h3';
  children: ReactNode;
}) {
  return (
    <Box
      sx={{
        height: '100%',
        p: { xs: 3, md: 3.5 },
        borderRadius: '20px',
        bgcolor: 'background.paper',
        border: 1,
        borderColor: 'divider',
        transition: 'border-color 200ms, transform 200ms',
        '&:hover': { borderColor: (theme) => alpha(theme.palette.primary.main, 0.5), transform: 'translateY(-2px)' },
        '@media (prefers-reduced-motion: reduce)': { transition: 'none', '&:hover': { transform: 'none' } },
      }}
    >
      <IconBadge>{icon}</IconBadge>
      <Typography component={headingLevel} variant="h6" sx={{ fontWeight: 700, mt: 2, mb: 1 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ lineHeight: 1.65 }}>
        {children}
      </Typography>
    </Box>
  );
}

/** The pink rounded square an icon sits in. */
export function IconBadge({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        width: 48,
        height: 48,
        flexShrink: 0,
        display: 'grid',
        placeItems: 'center',
        borderRadius: '14px',
        color: 'primary.main',
        bgcolor: (theme) => alpha(theme.palette.primary.main, 0.12),
      }}
    >
      {children}
    </Box>
  );
}

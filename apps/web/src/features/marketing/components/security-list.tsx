import CloudIcon from '@mui/icons-material/CloudOutlined';
import LockIcon from '@mui/icons-material/LockOutlined';
import SlidersIcon from '@mui/icons-material/TuneOutlined';
import EyeOffIcon from '@mui/icons-material/VisibilityOffOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { IconBadge } from './feature-card';
import { PageSection } from './page-section';

const POINTS: { title: string; icon: ReactNode; text: string }[] = [
  {
    title: 'Hosted in the cloud',
    icon: <CloudIcon />,
    text: 'Our data is hosted on an established cloud provider, built and run for security and reliability.',
  },
  {
    title: 'Card details stay with the payment provider',
    icon: <LockIcon />,
    text: 'We never see or store card numbers. Payment and personal financial data sit with our payment provider.',
  },
  {
    title: 'Anonymous gifting',
    icon: <EyeOffIcon />,
    text: 'Fans can gift anonymously: the creator sees the gift labelled Anonymous instead of the fan’s profile.',
  },
  {
    title: 'Fan interactions on your terms',
    icon: <SlidersIcon />,
    text: 'Only fans who reward a creator can opt in to that creator’s fan base, and creators choose who may message them.',
  },
];

/** The four safety points of product.md section 2. */
export function SecurityList() {
  return (
    <PageSection labelledBy="security-title">
      <Box
        sx={{
          borderRadius: '28px',
          border: 1,
          borderColor: 'divider',
          bgcolor: 'background.paper',
          px: { xs: 2.5, sm: 4, md: 6 },
          py: { xs: 4, md: 6 },
        }}
      >
        <Typography
          id="security-title"
          variant="h3"
          component="h2"
          sx={{ fontWeight: 800, fontSize: { xs: 28, md: 36 }, letterSpacing: '-0.02em' }}
        >
          Safe by design
        </Typography>
        <Typography color="text.secondary" sx={{ fontSize: 17, lineHeight: 1.7, mt: 1.5, maxWidth: 640 }}>
          Giving and receiving should feel relaxed. Here is how we keep it that way.
        </Typography>
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            mt: 4,
            display: 'grid',
            columnGap: 5,
            rowGap: 4,
            gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' },
          }}
        >
          {POINTS.map((point) => (
            <Box component="li" key={point.title} sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
              <IconBadge>{point.icon}</IconBadge>
              <div>
                <Typography component="h3" variant="h6" sx={{ fontWeight: 700, fontSize: 18, lineHeight: 1.4 }}>
                  {point.title}
                </Typography>
                <Typography color="text.secondary" sx={{ lineHeight: 1.65, mt: 0.5 }}>
                  {point.text}
                </Typography>
              </div>
            </Box>
          ))}
        </Box>
      </Box>
    </PageSection>
  );
}

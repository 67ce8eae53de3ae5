import ZapIcon from '@mui/icons-material/BoltOutlined';
import PercentIcon from '@mui/icons-material/Percent';
import RepeatIcon from '@mui/icons-material/Repeat';
import ShieldIcon from '@mui/icons-material/ShieldOutlined';
import Box from '@mui/material/Box';
import {
  FEE_RATES,
  formatRate,
  MIN_WITHDRAWAL_TOKENS,
  WITHDRAWAL_PROCESSING_BUSINESS_DAYS,
} from '@sweetwish/shared/fees';
import type { ReactNode } from 'react';
import { FeatureCard } from './feature-card';

/** The marketing claims of product.md section 1, one card each. */
const FEATURES: { title: string; icon: ReactNode; text: string }[] = [
  {
    title: 'Low payout fees',
    icon: <PercentIcon />,
    text: `You keep ${formatRate(FEE_RATES.recipientBps)} of every gift and tip. Our platform fee is ${formatRate(FEE_RATES.platformFeeBps)} and the remaining ${formatRate(FEE_RATES.processingBps)} covers payment processing. Withdraw from $${MIN_WITHDRAWAL_TOKENS}, processed within ${WITHDRAWAL_PROCESSING_BUSINESS_DAYS} U.S. business days.`,
  },
  {
    title: 'Single and repeat wishes',
    icon: <RepeatIcon />,
    text: 'Make a wish single-purchase, so it is granted once and marked Purchased, or allow repeated purchases, so any number of fans can grant it over and over.',
  },
  {
    title: 'Direct tips',
    icon: <ZapIcon />,
    text: 'Not every thank-you needs a wish. Share your direct-tip link and fans can send you any amount of tokens in a couple of taps.',
  },
  {
    title: 'Private, relaxed and classy',
    icon: <ShieldIcon />,
    text: 'Fans can gift anonymously, card numbers never reach us, and our content rules are few. The clean, classy design keeps your wishlist safe to open at work.',
  },
];

/** The four feature cards of the marketing page. */
export function WhyFeatures() {
  return (
    <Box
      component="ul"
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        gap: { xs: 2, md: 3 },
        gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' },
      }}
    >
      {FEATURES.map((feature) => (
        <li key={feature.title}>
          <FeatureCard icon={feature.icon} title={feature.title} headingLevel="h2">
            {feature.text}
          </FeatureCard>
        </li>
      ))}
    </Box>
  );
}

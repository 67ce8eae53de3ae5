import WalletIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import GiftIcon from '@mui/icons-material/CardGiftcardOutlined';
import ChatIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import StarIcon from '@mui/icons-material/StarBorder';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { PRODUCT_NAME } from '@sweetwish/shared/brand';
import { MIN_WITHDRAWAL_TOKENS } from '@sweetwish/shared/fees';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { FeatureCard } from './feature-card';
import { PageSection } from './page-section';

const CARDS: { title: string; icon: ReactNode; text: string }[] = [
  {
    title: 'Gifting',
    icon: <GiftIcon />,
    text: 'Fans buy the wishes on your list or send you a tip, paying with tokens. One token is always one US dollar, so everyone knows exactly what a gift is worth.',
  },
  {
    title: 'Wishing',
    icon: <StarIcon />,
    text: 'List anything from a coffee to a camera. A single-purchase wish is granted once; a repeat-purchase wish can be granted again and again by different fans.',
  },
  {
    title: 'Connecting',
    icon: <ChatIcon />,
    text: 'Every purchase opens its own conversation, where you and the fan behind it can swap messages and images and say a proper thank-you.',
  },
  {
    title: 'Transactions',
    icon: <WalletIcon />,
    text: `Fans top up a prepaid token wallet through a card checkout run by our payment provider. You withdraw your earnings to your own payout account, from $${MIN_WITHDRAWAL_TOKENS}.`,
  },
];

/** What the product is, a way to the marketing page, and the four cards of product.md section 2. */
export function ProductIntro() {
  return (
    <PageSection labelledBy="intro-title">
      <Box sx={{ maxWidth: 720, mx: 'auto', textAlign: 'center' }}>
        <Typography
          id="intro-title"
          variant="h3"
          component="h2"
          sx={{ fontWeight: 800, fontSize: { xs: 30, md: 40 }, letterSpacing: '-0.02em' }}
        >
          One link for everything your fans want to give you
        </Typography>
        <Typography color="text.secondary" sx={{ fontSize: { xs: 17, md: 18 }, lineHeight: 1.7, mt: 2.5 }}>
          {PRODUCT_NAME} gives every creator a public wishlist under their own handle. Fans grant wishes and send tips
          with tokens, every gift opens a private conversation, and what you receive is yours to withdraw.
        </Typography>
        <Button component={Link} to="/why" variant="outlined" size="large" sx={{ mt: 4, borderRadius: 999, px: 4 }}>
          Why {PRODUCT_NAME}?
        </Button>
      </Box>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          mt: { xs: 6, md: 8 },
          display: 'grid',
          gap: { xs: 2, md: 3 },
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
        }}
      >
        {CARDS.map((card) => (
          <li key={card.title}>
            <FeatureCard icon={card.icon} title={card.title} headingLevel="h3">
              {card.text}
            </FeatureCard>
          </li>
        ))}
      </Box>
    </PageSection>
  );
}

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { alpha, keyframes } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { TAGLINE } from '@sweetwish/shared/brand';
import { Fragment, type ReactNode, type Ref } from 'react';
import { Link } from 'react-router';
import { TOP_BAR_HEIGHT } from '../../../lib/theme';
import { useIsFirstVisit } from '../hooks/use-is-first-visit';

/** Each word of the tagline starts this much later than the one before it (product.md section 2). */
export const WORD_DELAY_MS = 300;

// Opacity and transform only: the compositor runs them alone. A blur (as before) was redrawn on the main
// thread at every frame of the tagline's two seconds, which Lighthouse counted as blocking time.
const wordIn = keyframes`
  from { opacity: 0; transform: translateY(0.35em); }
  to { opacity: 1; transform: none; }
`;

/**
 * The first screen of the landing page: the tagline and the two ways in. It reaches up under the
 * transparent top bar; the page watches it (through `ref`) to know when the bar should become solid.
 * `children` go below the buttons (the signed-in card).
 */
export function Hero({ ref, children }: { ref: Ref<HTMLElement>; children?: ReactNode }) {
  return (
    <Box
      component="section"
      ref={ref}
      aria-labelledby="hero-title"
      sx={(theme) => ({
        mt: `-${TOP_BAR_HEIGHT}px`,
        pt: `${TOP_BAR_HEIGHT}px`,
        minHeight: 'min(92svh, 760px)',
        display: 'grid',
        placeItems: 'center',
        px: { xs: 2, sm: 3 },
        textAlign: 'center',
        background: [
          `radial-gradient(ellipse 80% 60% at 50% 0%, ${alpha(theme.palette.primary.main, 0.28)}, transparent 70%)`,
          `radial-gradient(ellipse 50% 40% at 85% 75%, ${alpha(theme.palette.secondary.main, 0.12)}, transparent 70%)`,
        ].join(', '),
      })}
    >
      <Box sx={{ maxWidth: 760, py: { xs: 6, md: 8 } }}>
        <Typography
          sx={{
            color: 'primary.main',
            fontWeight: 700,
            letterSpacing: '0.12em',
            textTransform: 'uppercase',
            fontSize: { xs: 13, sm: 14 },
            mb: 2,
          }}
        >
          Gifts and tips for creators
        </Typography>
        <HeroTagline />
        <Typography
          color="text.secondary"
          sx={{ fontSize: { xs: 17, sm: 20 }, lineHeight: 1.6, maxWidth: 560, mx: 'auto', mt: 3 }}
        >
          Share one link. Fans grant your wishes and send tips with tokens, and you withdraw what you earn.
        </Typography>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'center', alignItems: 'center', mt: 5 }}
        >
          <Button component={Link} to="/sign-in" variant="contained" size="large" sx={heroButtonSx}>
            Create Wishlist
          </Button>
          <Button component={Link} to="/sign-in" variant="outlined" size="large" sx={heroButtonSx}>
            Log In
          </Button>
        </Stack>
        {children}
      </Box>
    </Box>
  );
}

const heroButtonSx = { minWidth: 200, py: 1.5, fontSize: 17, borderRadius: 999 } as const;

/**
 * The tagline as the page's h1. On the first visit its words rise in one after another, each
 * WORD_DELAY_MS later; on later visits, or when the visitor asks for reduced motion, they are simply there.
 */
function HeroTagline() {
  const isFirstVisit = useIsFirstVisit();
  const words = TAGLINE.split(' ');
  return (
    <Typography
      variant="h1"
      id="hero-title"
      sx={{
        fontSize: { xs: 44, sm: 64, md: 76 },
        fontWeight: 800,
        lineHeight: 1.05,
        letterSpacing: '-0.03em',
      }}
    >
      {words.map((word, index) => (
        <Fragment key={word}>
          {index > 0 && ' '}
          <Box
            component="span"
            sx={{
              display: 'inline-block',
              color: index === words.length - 1 ? 'primary.main' : 'inherit',
              animation: isFirstVisit
                ? `${wordIn} 700ms cubic-bezier(0.2, 0.7, 0.2, 1) ${index * WORD_DELAY_MS}ms both`
                : 'none',
              '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
            }}
          >
            {word}
          </Box>
        </Fragment>
      ))}
    </Typography>
  );
}

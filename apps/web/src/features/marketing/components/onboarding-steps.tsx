import CheckIcon from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import { useInView } from '../hooks/use-in-view';

const STEPS = [
  {
    title: 'Sign up',
    text: 'Create your account in seconds with your phone number, your e-mail, Google or Apple.',
  },
  {
    title: 'Build your profile and wishlist',
    text: 'Pick your handle, add a photo, a banner, a few words about you and your links, then list the wishes you would love to see granted.',
  },
  {
    title: 'Share your links to get funded',
    text: 'Post your profile, wish and direct-tip links wherever your fans are. Every gift and tip lands in your balance as tokens.',
  },
] as const;

/** The three onboarding steps as a vertical timeline, each already completed (product.md section 2). */
export function OnboardingSteps() {
  return (
    <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, maxWidth: 560, mx: 'auto' }}>
      {STEPS.map((step, index) => (
        <OnboardingStep
          key={step.title}
          number={index + 1}
          title={step.title}
          text={step.text}
          isLast={index === STEPS.length - 1}
        />
      ))}
    </Box>
  );
}

/** One step: it fades in the first time it scrolls into view, and stays. */
function OnboardingStep({
  number,
  title,
  text,
  isLast,
}: {
  number: number;
  title: string;
  text: string;
  isLast: boolean;
}) {
  const ref = useRef<HTMLLIElement>(null);
  const isVisible = useInView(ref, { once: true, threshold: 0.3 });
  return (
    <Box
      component="li"
      ref={ref}
      sx={{
        display: 'grid',
        gridTemplateColumns: '40px 1fr',
        columnGap: 2.5,
        opacity: isVisible ? 1 : 0,
        transform: isVisible ? 'none' : 'translateY(24px)',
        transition: 'opacity 600ms ease-out, transform 600ms ease-out',
        transitionDelay: `${(number - 1) * 120}ms`,
        '@media (prefers-reduced-motion: reduce)': { transition: 'none', transform: 'none' },
      }}
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
        <Box
          role="img"
          aria-label="Completed"
          sx={{
            width: 40,
            height: 40,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            boxShadow: (theme) => `0 0 0 6px ${alpha(theme.palette.primary.main, 0.15)}`,
          }}
        >
          <CheckIcon sx={{ fontSize: 20 }} />
        </Box>
        {!isLast && <Box sx={{ flexGrow: 1, width: 2, my: 1, minHeight: 32, bgcolor: 'primary.main', opacity: 0.5 }} />}
      </Box>
      <Box sx={{ pb: isLast ? 0 : 4, pt: 0.5 }}>
        <Typography
          variant="body2"
          sx={{ color: 'primary.main', fontWeight: 700, letterSpacing: '0.08em', textTransform: 'uppercase' }}
        >
          Step {number}
        </Typography>
        <Typography component="h3" variant="h6" sx={{ fontWeight: 700, lineHeight: 1.35, mt: 0.5 }}>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ lineHeight: 1.65, mt: 0.5 }}>
          {text}
        </Typography>
      </Box>
    </Box>
  );
}

import Typography from '@mui/material/Typography';
import { FloatingHearts } from './floating-hearts';
import { OnboardingSteps } from './onboarding-steps';
import { PageSection } from './page-section';

/** The onboarding section: "How to get" plus the money unit, the hearts, and the three steps. */
export function HowToGetTokens() {
  return (
    <PageSection labelledBy="tokens-title">
      <FloatingHearts />
      <Typography
        id="tokens-title"
        variant="h3"
        component="h2"
        sx={{ fontWeight: 800, fontSize: { xs: 30, md: 40 }, letterSpacing: '-0.02em', textAlign: 'center', mt: 2 }}
      >
        How to get Tokens
      </Typography>
      <Typography
        color="text.secondary"
        sx={{ fontSize: 17, lineHeight: 1.7, textAlign: 'center', maxWidth: 560, mx: 'auto', mt: 1.5, mb: 6 }}
      >
        Three steps between you and your first gift.
      </Typography>
      <OnboardingSteps />
    </PageSection>
  );
}

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { PAYOUT_MESSAGES } from '@sweetwish/shared/payouts-rules';
import { useState } from 'react';
import { AppTopBar } from '../../../components/app-top-bar';
import { CenteredSpinner } from '../../../components/centered-spinner';
import { NotFoundScreen } from '../../../components/not-found-screen';
import { RequireSignIn } from '../../../components/require-sign-in';
import { notify } from '../../../lib/notification-store';
import { publicConfigOptions, usePublicConfig } from '../../../lib/public-config';
import { loadQueries } from '../../../lib/route-loader';
import { startOnboarding } from '../api/payout-calls';

/** Route loader: the server's public settings (is the sandbox there?) and the signed-in user, at once. */
export function payoutTestLoader() {
  return loadQueries(publicConfigOptions);
}

/**
 * /test (product.md section 2): the debug page with one button that starts payout onboarding and follows the
 * returned link. It exists only while the local card sandbox stands in for the card provider.
 */
export function PayoutTestPage() {
  const config = usePublicConfig();
  if (config.isPending) return <CenteredSpinner label="Loading" />;
  if (!config.data?.hasCardSandbox) return <NotFoundScreen />;
  return (
    <>
      <AppTopBar hasBack />
      <RequireSignIn>
        <PayoutTest />
      </RequireSignIn>
    </>
  );
}

function PayoutTest() {
  const [isStarting, setIsStarting] = useState(false);
  const start = async () => {
    setIsStarting(true);
    try {
      await startOnboarding('/test');
    } catch {
      notify(PAYOUT_MESSAGES.updateFailed);
      setIsStarting(false);
    }
  };
  return (
    <Box component="main" sx={{ maxWidth: 480, mx: 'auto', px: 2.5, pt: { xs: 4, sm: 6 }, textAlign: 'center' }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 800, mb: 1 }}>
        Payout onboarding test
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Test mode: onboarding goes to the local card sandbox. No money moves.
      </Typography>
      <Button variant="contained" size="large" onClick={() => void start()} disabled={isStarting}>
        Start Onboarding
      </Button>
    </Box>
  );
}

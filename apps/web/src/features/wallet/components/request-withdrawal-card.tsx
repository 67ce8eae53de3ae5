import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { OnboardingLinkInput } from '@sweetwish/shared/payouts';
import { PAYOUT_MESSAGES, payoutAccountState } from '@sweetwish/shared/payouts-rules';
import { useEffect, useState } from 'react';
import { notify } from '../../../lib/notification-store';
import { submitSchemaForm, useSchemaForm } from '../../../lib/schema-form';
import { startOnboarding, usePayoutAccount } from '../api/payout-calls';
import { BalanceSection } from './balance-section';
import { WithdrawForm } from './withdraw-form';

/**
 * "Request Withdrawal" (product.md sections 2 and 4): by the payout account's status, an offer to set it up, to
 * update it, or the withdraw form. Onboarding happens at the card provider and comes back here.
 */
export function RequestWithdrawalCard() {
  const account = usePayoutAccount();
  useEffect(() => {
    if (account.isError) notify(PAYOUT_MESSAGES.loadFailed);
  }, [account.isError]);
  return (
    <BalanceSection title="Request Withdrawal">
      {account.isPending ? (
        <Typography color="text.secondary">{PAYOUT_MESSAGES.loadingStatus}</Typography>
      ) : account.isError ? (
        <Typography color="error">{PAYOUT_MESSAGES.loadFailed}</Typography>
      ) : payoutAccountState(account.data.account) === 'ok' ? (
        <WithdrawForm />
      ) : (
        <Onboarding isNew={account.data.account === null} />
      )}
    </BalanceSection>
  );
}

/**
 * The offer to set up or update the payout account: a form of one value, where onboarding comes back to
 * (OnboardingLinkInput). The button stays busy once the browser is on its way to the card provider.
 */
function Onboarding({ isNew }: { isNew: boolean }) {
  const form = useSchemaForm(OnboardingLinkInput, { location: '/balance' });
  const [isLeaving, setIsLeaving] = useState(false);
  const isStarting = form.formState.isSubmitting || isLeaving;
  const problem = form.formState.errors.location?.message;
  const start = submitSchemaForm(
    form,
    async ({ location }) => {
      await startOnboarding(location);
      setIsLeaving(true);
    },
    { failureMessage: PAYOUT_MESSAGES.updateFailed },
  );
  return (
    <Box component="form" onSubmit={start} noValidate>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {isNew ? PAYOUT_MESSAGES.setUp : PAYOUT_MESSAGES.update}
      </Typography>
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        disabled={isStarting}
        startIcon={isStarting ? <CircularProgress size={18} color="inherit" /> : undefined}
      >
        {isNew ? PAYOUT_MESSAGES.setUpButton : PAYOUT_MESSAGES.updateButton}
      </Button>
      {/* The one value is not typed, but a server problem with it must not go unsaid. */}
      {problem && (
        <Typography color="error" variant="body2" sx={{ mt: 1 }}>
          {problem}
        </Typography>
      )}
    </Box>
  );
}

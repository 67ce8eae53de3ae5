import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { PAYOUT_MESSAGES, payoutAccountState } from '@sweetwish/shared/payouts-rules';
import { useEffect, useState } from 'react';
import { notify } from '../../../components/notification-store';
import { startOnboarding, usePayoutAccount } from '../api/payout-calls';
import { BalanceSection } from './balance-section';
import { WithdrawForm } from './withdraw-form';

/**
 * "Request Withdrawal" (spec sections 2 and 4): by the payout account's status, an offer to set it up, to
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

function Onboarding({ isNew }: { isNew: boolean }) {
  const [isStarting, setIsStarting] = useState(false);
  const start = async () => {
    setIsStarting(true);
    try {
      await startOnboarding('/balance');
    } catch {
      notify(PAYOUT_MESSAGES.updateFailed);
      setIsStarting(false);
    }
  };
  return (
    <Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {isNew ? PAYOUT_MESSAGES.setUp : PAYOUT_MESSAGES.update}
      </Typography>
      <Button
        variant="contained"
        size="large"
        fullWidth
        onClick={() => void start()}
        disabled={isStarting}
        startIcon={isStarting ? <CircularProgress size={18} color="inherit" /> : undefined}
      >
        {isNew ? PAYOUT_MESSAGES.setUpButton : PAYOUT_MESSAGES.updateButton}
      </Button>
    </Box>
  );
}

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatDollars } from '@sweetwish/shared/money';
import { keepDigits, PAYOUT_MESSAGES, parseWithdrawal } from '@sweetwish/shared/payouts-rules';
import { type FormEvent, useState } from 'react';
import { notify } from '../../../components/notification-store';
import { ApiError } from '../../../lib/api-client';
import { useWallet } from '../../../lib/wallet';
import { useWithdraw } from '../api/payout-calls';

/**
 * The withdraw form (spec section 5, Withdrawal): digits only, at least 50, at most the wallet's whole
 * tokens. The button waits while the balance loads or a withdrawal is on its way, and for an amount.
 */
export function WithdrawForm() {
  const wallet = useWallet();
  const withdraw = useWithdraw();
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // Only cleared earnings can be withdrawn: bought and pending tokens are for spending (decision 017).
  const balanceCents = wallet.data?.availableCents;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (balanceCents === undefined) return;
    const parsed = parseWithdrawal(typed, balanceCents);
    if ('error' in parsed) {
      setProblem(parsed.error);
      notify(parsed.error);
      return;
    }
    setProblem(null);
    withdraw.mutate(parsed.amount, {
      onSuccess: () => {
        setTyped('');
        notify(PAYOUT_MESSAGES.submitted, { severity: 'success' });
      },
      onError: (error) => {
        // The wallet changed meanwhile: say so in the spec's words; anything else is a failed submission.
        const message =
          error instanceof ApiError && error.status === 422
            ? PAYOUT_MESSAGES.insufficient
            : PAYOUT_MESSAGES.submitFailed;
        notify(message);
      },
    });
  };

  return (
    <Box component="form" onSubmit={submit} noValidate>
      <TextField
        label="Amount"
        value={typed}
        onChange={(event) => {
          setTyped(keepDigits(event.target.value));
          setProblem(null);
        }}
        fullWidth
        error={problem !== null}
        helperText={
          problem ??
          (balanceCents === undefined
            ? ' '
            : `Up to ${formatDollars(Math.floor(balanceCents / 100) * 100)}, at least $50`)
        }
        slotProps={{
          htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', 'aria-label': 'Withdrawal amount' },
          input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
        }}
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        sx={{ mt: 2 }}
        disabled={withdraw.isPending || wallet.isPending || typed === ''}
        startIcon={withdraw.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
      >
        Withdraw
      </Button>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
        {PAYOUT_MESSAGES.processingTime}
      </Typography>
    </Box>
  );
}

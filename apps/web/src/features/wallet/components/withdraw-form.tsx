import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import Typography from '@mui/material/Typography';
import { formatDollars } from '@sweetwish/shared/money';
import { withdrawalFields } from '@sweetwish/shared/payouts';
import { keepDigits, PAYOUT_MESSAGES } from '@sweetwish/shared/payouts-rules';
import { FormTextField } from '../../../components/form-text-field';
import { useWallet } from '../../../components/wallet/wallet-queries';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notification-store';
import { submitSchemaForm, useSchemaForm } from '../../../lib/schema-form';
import { useWithdraw } from '../api/payout-calls';

/**
 * The withdraw form (product.md section 5, Withdrawal): digits only, checked with the shared withdrawal schema
 * (at least 50, at most the wallet's whole tokens). The button waits while the balance loads or a
 * withdrawal is on its way, and for an amount; a refused amount is said under the field and in a toast.
 */
export function WithdrawForm() {
  const wallet = useWallet();
  const withdraw = useWithdraw();
  // Only cleared earnings can be withdrawn: bought and pending tokens are for spending (decision 017).
  const balanceCents = wallet.data?.availableCents;
  const form = useSchemaForm(withdrawalFields(balanceCents), { amount: '' });
  const { isSubmitting } = form.formState;
  const typed = form.watch('amount');

  const send = submitSchemaForm(
    form,
    async ({ amount }) => {
      await withdraw.mutateAsync(amount);
      form.reset({ amount: '' });
      notify(PAYOUT_MESSAGES.submitted, { severity: 'success' });
    },
    {
      // The wallet changed meanwhile: say so in product.md's words; anything else is a failed submission.
      failureMessage: (error) =>
        error instanceof ApiError && error.status === 422 ? PAYOUT_MESSAGES.insufficient : PAYOUT_MESSAGES.submitFailed,
      // product.md tells a refused amount as a toast too (section 8), besides the field's message.
      onInvalid: (errors) => {
        if (errors.amount?.message) notify(errors.amount.message);
      },
    },
  );

  return (
    <Box component="form" onSubmit={send} noValidate>
      <FormTextField
        control={form.control}
        name="amount"
        label="Amount"
        reformat={keepDigits}
        fullWidth
        helperText={
          balanceCents === undefined
            ? ' '
            : `Up to ${formatDollars(Math.floor(balanceCents / 100) * 100)}, at least $50`
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
        disabled={isSubmitting || wallet.isPending || typed === ''}
        startIcon={isSubmitting ? <CircularProgress size={18} color="inherit" /> : undefined}
      >
        Withdraw
      </Button>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
        {PAYOUT_MESSAGES.processingTime}
      </Typography>
    </Box>
  );
}

import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { contributeFields, GROUP_GIFT_MESSAGES } from '@sweetwish/shared/group-gifts';
import { CENTS_PER_TOKEN } from '@sweetwish/shared/money';
import { type FormEvent, useMemo } from 'react';
import { FormTextField } from '../../../components/form-text-field';
import { CreatorReceivesLine } from '../../../components/wallet/creator-receives-line';
import { GiftMessageField } from '../../../components/wallet/gift-message-field';
import { AnonymousCheckbox, BalanceLine, PayDialogActions } from '../../../components/wallet/pay-dialog-parts';
import { useWallet } from '../../../components/wallet/wallet-queries';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notification-store';
import { submitSchemaForm, useSchemaForm } from '../../../lib/schema-form';
import { useContribute } from '../api/group-gift-calls';

/** The amount as typed, as a whole number of tokens (commas ignored); NaN when it is not one. */
export function parseContribution(typed: string): number {
  const digits = typed.replace(/,/g, '').trim();
  return /^\d+$/.test(digits) ? Number(digits) : Number.NaN;
}

/**
 * Contribute to a group gift (decision 033): whole tokens from 1 up to what remains, checked as the server
 * checks them, and "Contribute anonymously". An amount above the balance reads "Get Tokens", which hands the
 * amount to `onGetTokens` (the Insufficient Balance dialog, as Buy does). Signed-in viewers only.
 */
export function ContributeDialog(props: {
  wishId: string;
  sellerId: string;
  remainingTokens: number;
  isOpen: boolean;
  onClose: () => void;
  onGetTokens: (amountTokens: number, balanceCents: number, isAnonymous: boolean) => void;
  /** The contribution a top-up interrupted: the form starts from it. */
  initial?: { tokens: number; isAnonymous: boolean };
  /** The creator, for the line that says what they receive. */
  recipientName?: string;
}) {
  const titleId = 'contribute-dialog-title';
  return (
    <Dialog open={props.isOpen} onClose={props.onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      {props.isOpen && <ContributeForm {...props} titleId={titleId} />}
    </Dialog>
  );
}

function ContributeForm({
  wishId,
  sellerId,
  remainingTokens,
  titleId,
  onClose,
  onGetTokens,
  initial,
  recipientName,
}: Parameters<typeof ContributeDialog>[0] & { titleId: string }) {
  const wallet = useWallet();
  const contribute = useContribute(wishId, sellerId);
  const schema = useMemo(() => contributeFields(remainingTokens), [remainingTokens]);
  const form = useSchemaForm(schema, {
    amount: String(Math.min(initial?.tokens ?? 10, remainingTokens)),
    isAnonymous: initial?.isAnonymous ?? false,
    message: '',
  });
  const { isSubmitting } = form.formState;
  const values = form.watch();
  const amount = parseContribution(values.amount);
  const isValid = schema.safeParse(values).success;
  const balanceCents = wallet.data?.balanceCents;
  const needsTokens = balanceCents !== undefined && isValid && amount * CENTS_PER_TOKEN > balanceCents;
  const canSubmit = balanceCents !== undefined && isValid && !isSubmitting;

  const send = submitSchemaForm(
    form,
    async ({ message, ...input }) => {
      try {
        const result = await contribute.mutateAsync({ ...input, ...(message === '' ? {} : { message }) });
        notify(result.isGranted ? 'The wish is fully funded!' : GROUP_GIFT_MESSAGES.contributed, {
          severity: 'success',
        });
        onClose();
      } catch (error) {
        // Spent elsewhere meanwhile: the same path as Buy.
        if (error instanceof ApiError && error.body.code === 'INSUFFICIENT_BALANCE' && balanceCents !== undefined) {
          onGetTokens(input.amount, balanceCents, input.isAnonymous);
          return;
        }
        // A creator who refuses this fan's gifts: say so and close, as the tip dialog does.
        if (error instanceof ApiError && error.body.code === 'FORBIDDEN') {
          notify(error.message);
          onClose();
          return;
        }
        throw error;
      }
    },
    { failureMessage: GROUP_GIFT_MESSAGES.contributeFailed },
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit || balanceCents === undefined) return;
    if (needsTokens) onGetTokens(amount, balanceCents, values.isAnonymous);
    else void send(event);
  };

  return (
    <Box component="form" onSubmit={submit} noValidate>
      <DialogTitle id={titleId} sx={{ pb: 1, fontWeight: 800 }}>
        Contribute
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <FormTextField
            control={form.control}
            name="amount"
            label="Tokens"
            fullWidth
            autoFocus
            slotProps={{
              htmlInput: { 'aria-label': 'Contribution in tokens', inputMode: 'numeric', autoComplete: 'off' },
            }}
          />
          <Typography variant="body2" color="text.secondary">
            {`Up to ${remainingTokens.toLocaleString('en-US')} tokens are left to fund this wish.`}
          </Typography>
          {recipientName && isValid && <CreatorReceivesLine recipientName={recipientName} tokens={amount} />}
          <BalanceLine balanceCents={balanceCents} isError={wallet.isError} />
          {needsTokens && (
            <Typography color="warning.main" role="status">
              {GROUP_GIFT_MESSAGES.notEnough}
            </Typography>
          )}
          <GiftMessageField
            control={form.control}
            name="message"
            disabled={isSubmitting}
            length={values.message.trim().length}
          />
          <AnonymousCheckbox
            label="Contribute anonymously"
            checked={values.isAnonymous}
            onChange={(checked) => form.setValue('isAnonymous', checked, { shouldDirty: true })}
            disabled={isSubmitting}
          />
        </Stack>
      </DialogContent>
      <PayDialogActions onClose={onClose} canSubmit={canSubmit} isSubmitting={isSubmitting} needsTokens={needsTokens} />
    </Box>
  );
}

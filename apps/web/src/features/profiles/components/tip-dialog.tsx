import PlusIcon from '@mui/icons-material/Add';
import MinusIcon from '@mui/icons-material/Remove';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PublicProfile } from '@sweetwish/shared/profiles';
import { TipFields } from '@sweetwish/shared/wallet';
import { WALLET_MESSAGES } from '@sweetwish/shared/wallet-rules';
import { type FormEvent, useState } from 'react';
import { FormTextField } from '../../../components/form-text-field';
import { UserAvatar } from '../../../components/user-avatar';
import { GiftMessageField } from '../../../components/wallet/gift-message-field';
import { AnonymousCheckbox, BalanceLine, PayDialogActions } from '../../../components/wallet/pay-dialog-parts';
import { useWallet } from '../../../components/wallet/wallet-queries';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notification-store';
import { submitSchemaForm, useSchemaForm } from '../../../lib/schema-form';
import { useSendTip } from '../api/tip-calls';
import { exceedsBalance, INITIAL_TIP, parseTipInput, stepTip } from '../lib/tip-amount';
import { TipFanBaseStep, useShouldOfferFanBase } from './tip-fan-base-step';

type Recipient = Pick<PublicProfile, 'id' | 'handle' | 'displayName' | 'photoUrl'>;
/** A tip's amount and anonymity, kept across a top-up. */
export type TipToResume = { tokens: number; isAnonymous: boolean };

/**
 * The tip dialog (product.md section 2): an amount in tokens with plus and minus buttons (steps of 10, never
 * below 0), "Send anonymously" (architecture.md section 11), and "Submit", which reads "Get Tokens" when the
 * amount is more than the balance. Loaded on demand by the profile page (decision 003). Only signed-in
 * viewers get here: the page sends everyone else to sign in.
 */
export function TipDialog({
  recipient,
  isOpen,
  onClose,
  onGetTokens,
  onExited,
  initial,
}: {
  recipient: Recipient;
  isOpen: boolean;
  onClose: () => void;
  onGetTokens: (tip: TipToResume) => void;
  /** When the closing transition has ended. */
  onExited?: () => void;
  /** Where the form starts: the tip a top-up interrupted, or the initial amount. */
  initial?: TipToResume;
}) {
  const titleId = 'tip-dialog-title';
  return (
    <Dialog
      open={isOpen}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
      slotProps={{ transition: { onExited } }}
    >
      {/* Mounted while open only, so each opening starts from the initial amount. */}
      {isOpen && (
        <TipSteps
          recipient={recipient}
          titleId={titleId}
          onClose={onClose}
          onGetTokens={onGetTokens}
          initial={initial}
        />
      )}
    </Dialog>
  );
}

type TipStepProps = {
  recipient: Recipient;
  titleId: string;
  onClose: () => void;
  onGetTokens: (tip: TipToResume) => void;
  initial?: TipToResume;
};

/** The form, then, once the tip went and the fan may join the creator's fan base, the offer to. */
function TipSteps(props: TipStepProps) {
  const [isSent, setIsSent] = useState(false);
  if (isSent) return <TipFanBaseStep creator={props.recipient} titleId={props.titleId} onClose={props.onClose} />;
  return <TipForm {...props} onOfferFanBase={() => setIsSent(true)} />;
}

function TipForm({
  recipient,
  titleId,
  onClose,
  onGetTokens,
  initial,
  onOfferFanBase,
}: TipStepProps & { onOfferFanBase: () => void }) {
  const wallet = useWallet();
  const sendTip = useSendTip();
  const shouldOfferFanBase = useShouldOfferFanBase(recipient.id);
  const form = useSchemaForm(TipFields, {
    amount: String(initial?.tokens ?? INITIAL_TIP),
    isAnonymous: initial?.isAnonymous ?? false,
    message: '',
  });
  const { isSubmitting } = form.formState;
  const values = form.watch();
  const amount = parseTipInput(values.amount);
  // Checked with the same schema as the resolver, but at once, so the buttons follow every keystroke.
  const isValid = TipFields.safeParse(values).success;
  const balanceCents = wallet.data?.balanceCents;
  const needsTokens = balanceCents !== undefined && exceedsBalance(amount, balanceCents);
  const canSubmit = balanceCents !== undefined && isValid && !isSubmitting;
  const setAmount = (next: number) =>
    form.setValue('amount', String(next), { shouldDirty: true, shouldValidate: true });

  const send = submitSchemaForm(
    form,
    async ({ message, ...tip }) => {
      try {
        // An empty message is none: nothing to hold, show or read aloud (decision 100).
        await sendTip.mutateAsync({ recipientId: recipient.id, ...tip, ...(message === '' ? {} : { message }) });
      } catch (error) {
        // A creator who refuses this fan's gifts: retrying cannot help, so say so and close.
        if (!(error instanceof ApiError && error.body.code === 'FORBIDDEN')) throw error;
        notify(error.message);
        onClose();
        return;
      }
      // The offer step says it was sent itself: a toast behind the open dialog would be hidden from screen readers.
      if (await shouldOfferFanBase()) return onOfferFanBase();
      notify(WALLET_MESSAGES.tipSent, { severity: 'success' });
      onClose();
    },
    { failureMessage: WALLET_MESSAGES.tipFailed },
  );

  // "Get Tokens" sends nothing: it closes the dialog for the token purchase menu.
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    if (needsTokens) onGetTokens({ tokens: amount, isAnonymous: values.isAnonymous });
    else void send(event);
  };

  return (
    <Box component="form" onSubmit={submit} noValidate>
      <DialogTitle id={titleId} sx={{ pb: 1, fontWeight: 800 }}>
        Send a Quick Tip
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2.5}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <UserAvatar photoUrl={recipient.photoUrl} name={recipient.displayName} size={40} />
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 700 }} noWrap>
                {recipient.displayName}
              </Typography>
              <Typography variant="body2" color="text.secondary" noWrap>
                @{recipient.handle}
              </Typography>
            </Box>
          </Stack>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <IconButton
              aria-label="Less"
              onClick={() => setAmount(stepTip(amount, -1))}
              disabled={amount === 0 || isSubmitting}
              sx={{ border: 1, borderColor: 'divider' }}
            >
              <MinusIcon sx={{ fontSize: 20 }} />
            </IconButton>
            <FormTextField
              control={form.control}
              name="amount"
              reformat={(typed) => (typed === '' ? '' : String(parseTipInput(typed)))}
              helperText={null}
              fullWidth
              autoFocus
              slotProps={{
                input: {
                  startAdornment: (
                    <Typography component="span" color="text.secondary" sx={{ mr: 0.5 }}>
                      $
                    </Typography>
                  ),
                },
                htmlInput: {
                  'aria-label': 'Tip amount in tokens',
                  inputMode: 'numeric',
                  autoComplete: 'off',
                  sx: { textAlign: 'center', fontSize: 24, fontWeight: 700 },
                },
              }}
            />
            <IconButton
              aria-label="More"
              onClick={() => setAmount(stepTip(amount, 1))}
              disabled={isSubmitting}
              sx={{ border: 1, borderColor: 'divider' }}
            >
              <PlusIcon sx={{ fontSize: 20 }} />
            </IconButton>
          </Stack>
          <BalanceLine balanceCents={balanceCents} isError={wallet.isError} />
          {needsTokens && (
            <Typography color="warning.main" role="status">
              {WALLET_MESSAGES.notEnoughForTip}
            </Typography>
          )}
          <GiftMessageField
            control={form.control}
            name="message"
            disabled={isSubmitting}
            length={values.message.trim().length}
          />
          <AnonymousCheckbox
            label="Send anonymously"
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

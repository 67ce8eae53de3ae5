import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SendPhoneCodeInput, VerifyPhoneCodeInput } from '@sweetwish/shared/accounts';
import { useState } from 'react';
import { FormTextField } from '../../../components/form-text-field';
import { notify } from '../../../lib/notification-store';
import { submitSchemaForm, useSchemaForm } from '../../../lib/schema-form';
import { sendPhoneCode, signInFailureMessage, verifyPhoneCode } from '../api/auth-calls';
import { maskUsPhone, PHONE_MASK } from '../lib/phone-mask';

/** The code step holds the code only; the number is the one the code was sent to. */
const CodeFields = VerifyPhoneCodeInput.pick({ code: true });

/**
 * Phone sign-in (product.md section 4, Phone flow): the number, then the 6-digit code sent by SMS. Once the code
 * is sent the number is locked and "Continue with Phone" goes away; "Use another number" starts over.
 */
export function PhoneForm({
  busy,
  onBusyChange,
  onSignedIn,
}: {
  busy: boolean;
  onBusyChange: (isBusy: boolean) => void;
  onSignedIn: () => Promise<void>;
}) {
  const numberForm = useSchemaForm(SendPhoneCodeInput, { phoneNumber: '' });
  const codeForm = useSchemaForm(CodeFields, { code: '' });
  /** The number (E.164) the code was sent to, once it was. */
  const [sentTo, setSentTo] = useState<string | null>(null);

  /** Runs one step with the whole sign-in screen busy; a failure frees it again and is told by the form. */
  const step = async (work: () => Promise<void>) => {
    onBusyChange(true);
    try {
      await work();
    } catch (error) {
      onBusyChange(false);
      throw error;
    }
  };

  const sendCode = submitSchemaForm(
    numberForm,
    ({ phoneNumber }) =>
      step(async () => {
        await sendPhoneCode(phoneNumber);
        setSentTo(phoneNumber);
        onBusyChange(false);
      }),
    {
      failureMessage: signInFailureMessage,
      placement: 'toast',
      // The field says so already; product.md also tells it as a toast when the number is sent anyway.
      onInvalid: (errors) => {
        if (errors.phoneNumber?.message) notify(errors.phoneNumber.message, { placement: 'toast' });
      },
    },
  );

  const submitCode = submitSchemaForm(
    codeForm,
    ({ code }) =>
      // On success the page moves on after the confetti, so the screen stays busy.
      step(async () => {
        if (!sentTo) return;
        await verifyPhoneCode(sentTo, code);
        await onSignedIn();
      }),
    { failureMessage: signInFailureMessage, placement: 'toast' },
  );

  const isCodeSent = sentTo !== null;
  return (
    <Stack spacing={2}>
      <Stack component="form" spacing={2} onSubmit={sendCode} noValidate>
        <FormTextField
          control={numberForm.control}
          name="phoneNumber"
          label="Phone Number"
          reformat={maskUsPhone}
          disabled={isCodeSent || busy}
          placeholder="202-555-0123"
          autoComplete="tel-national"
          fullWidth
          slotProps={{
            input: { startAdornment: <InputAdornment position="start">+1</InputAdornment> },
            htmlInput: { inputMode: 'tel', 'data-mask': PHONE_MASK, maxLength: PHONE_MASK.length },
          }}
        />
        {!isCodeSent && (
          <Button
            type="submit"
            variant="contained"
            size="large"
            loading={numberForm.formState.isSubmitting}
            disabled={busy}
            sx={pill}
          >
            Continue with Phone
          </Button>
        )}
      </Stack>
      {isCodeSent && (
        <Stack component="form" spacing={2} onSubmit={submitCode} noValidate>
          <Typography variant="body2" color="text.secondary">
            We sent a 6-digit code to +1 {numberForm.getValues('phoneNumber')}. It works for 10 minutes.
          </Typography>
          <FormTextField
            control={codeForm.control}
            name="code"
            label="SMS Code"
            autoComplete="one-time-code"
            autoFocus
            fullWidth
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 8 } }}
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            loading={codeForm.formState.isSubmitting}
            disabled={busy || !codeForm.formState.isValid}
            sx={pill}
          >
            Submit
          </Button>
          <Button
            variant="text"
            disabled={busy}
            onClick={() => {
              setSentTo(null);
              codeForm.reset({ code: '' });
            }}
          >
            Use another number
          </Button>
        </Stack>
      )}
    </Stack>
  );
}

const pill = { borderRadius: 999, py: 1.25 } as const;

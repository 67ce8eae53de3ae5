import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { INVALID_PHONE_MESSAGE, toE164UsPhone } from '@sweetwish/shared/accounts';
import { type FormEvent, useState } from 'react';
import { notify } from '../../../components/notification-store';
import { SignInError, sendPhoneCode, verifyPhoneCode } from '../api/auth-calls';
import { maskUsPhone, PHONE_MASK } from '../lib/phone-mask';

export const SMS_CODE_LENGTH = 6;

type Step = { kind: 'number' } | { kind: 'code'; phoneNumber: string };

/**
 * Phone sign-in (spec section 4, Phone flow): the number, then the 6-digit code sent by SMS. Once the code
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
  const [number, setNumber] = useState('');
  const [code, setCode] = useState('');
  const [step, setStep] = useState<Step>({ kind: 'number' });
  const [pending, setPending] = useState<'send' | 'verify' | null>(null);

  const run = async (kind: 'send' | 'verify', work: () => Promise<void>) => {
    setPending(kind);
    onBusyChange(true);
    try {
      await work();
    } catch (error) {
      notify(error instanceof SignInError ? error.message : 'There was a problem signing in.', { placement: 'toast' });
      setPending(null);
      onBusyChange(false);
    }
  };

  const sendCode = (event: FormEvent) => {
    event.preventDefault();
    const phoneNumber = toE164UsPhone(number);
    if (!phoneNumber) {
      notify(INVALID_PHONE_MESSAGE, { placement: 'toast' });
      return;
    }
    void run('send', async () => {
      await sendPhoneCode(phoneNumber);
      setStep({ kind: 'code', phoneNumber });
      setPending(null);
      onBusyChange(false);
    });
  };

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    if (step.kind !== 'code' || code.trim().length !== SMS_CODE_LENGTH) return;
    const { phoneNumber } = step;
    // On success the page moves on after the confetti, so the form stays busy.
    void run('verify', async () => {
      await verifyPhoneCode(phoneNumber, code.trim());
      await onSignedIn();
    });
  };

  const isCodeSent = step.kind === 'code';
  return (
    <Stack spacing={2}>
      <Stack component="form" spacing={2} onSubmit={sendCode} noValidate>
        <TextField
          label="Phone Number"
          value={number}
          onChange={(event) => setNumber(maskUsPhone(event.target.value))}
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
          <Button type="submit" variant="contained" size="large" loading={pending === 'send'} disabled={busy} sx={pill}>
            Continue with Phone
          </Button>
        )}
      </Stack>
      {isCodeSent && (
        <Stack component="form" spacing={2} onSubmit={submitCode} noValidate>
          <Typography variant="body2" color="text.secondary">
            We sent a 6-digit code to +1 {number}. It works for 10 minutes.
          </Typography>
          <TextField
            label="SMS Code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            disabled={pending === 'verify'}
            autoComplete="one-time-code"
            autoFocus
            fullWidth
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 8 } }}
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            loading={pending === 'verify'}
            disabled={busy || code.trim().length !== SMS_CODE_LENGTH}
            sx={pill}
          >
            Submit
          </Button>
          <Button
            variant="text"
            disabled={busy}
            onClick={() => {
              setStep({ kind: 'number' });
              setCode('');
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

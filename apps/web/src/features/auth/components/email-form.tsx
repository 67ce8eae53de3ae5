import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { notify } from '../../../components/notification-store';
import { STORAGE_KEYS, writeStored } from '../../../lib/storage';
import { previewSignIn, SignInError, sendEmailLink } from '../api/auth-calls';

/**
 * E-mail sign-in (spec section 4, E-mail flow): sends a sign-in link and remembers the address locally to
 * complete it on return. The preview account's address (for store review) signs in straight away instead.
 */
export function EmailForm({
  affiliate,
  previewEmail,
  busy,
  onBusyChange,
  onSignedIn,
}: {
  affiliate: string | null;
  previewEmail: string | null | undefined;
  busy: boolean;
  onBusyChange: (isBusy: boolean) => void;
  onSignedIn: () => Promise<void>;
}) {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [isPending, setIsPending] = useState(false);
  const trimmed = email.trim();
  const isPreview = Boolean(previewEmail) && trimmed.toLowerCase() === previewEmail?.trim().toLowerCase();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed || busy) return;
    setIsPending(true);
    onBusyChange(true);
    try {
      if (isPreview) {
        await previewSignIn(trimmed);
        await onSignedIn();
        return;
      }
      writeStored(STORAGE_KEYS.emailForSignIn, trimmed);
      await sendEmailLink(trimmed, affiliate);
      navigate('/email-link-sent', { state: { email: trimmed } });
    } catch (error) {
      notify(error instanceof SignInError ? error.message : 'There was a problem signing in.', { placement: 'toast' });
      setIsPending(false);
      onBusyChange(false);
    }
  };

  return (
    <Stack component="form" spacing={2} onSubmit={submit}>
      <TextField
        label="Email Address"
        type="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        disabled={busy}
        autoComplete="email"
        required
        fullWidth
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        loading={isPending}
        disabled={busy || trimmed === ''}
        sx={{ borderRadius: 999, py: 1.25 }}
      >
        {isPreview ? 'Sign In to Preview Account' : 'Send Sign-In Link'}
      </Button>
    </Stack>
  );
}

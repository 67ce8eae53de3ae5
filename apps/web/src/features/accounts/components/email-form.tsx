import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { SendEmailLinkInput } from '@sweetwish/shared/accounts';
import { useNavigate, useSearchParams } from 'react-router';
import { FormTextField } from '../../../components/form-text-field';
import { safeReturnPath } from '../../../lib/return-path';
import { submitSchemaForm, useSchemaForm } from '../../../lib/schema-form';
import { STORAGE_KEYS, writeStored } from '../../../lib/storage';
import { previewSignIn, sendEmailLink, signInFailureMessage } from '../api/auth-calls';

/**
 * E-mail sign-in (product.md section 4, E-mail flow): sends a sign-in link and remembers the address locally to
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
  // The link brings the fan back to the screen that sent them to sign in.
  const returnPath = safeReturnPath(useSearchParams()[0].get('return'));
  const form = useSchemaForm(SendEmailLinkInput, { email: '' });
  const { isSubmitting, isValid } = form.formState;
  const typed = form.watch('email').trim();
  const isPreview = Boolean(previewEmail) && typed.toLowerCase() === previewEmail?.trim().toLowerCase();

  const submit = submitSchemaForm(
    form,
    async ({ email }) => {
      if (busy) return;
      onBusyChange(true);
      try {
        if (isPreview) {
          await previewSignIn(email);
          await onSignedIn();
          return;
        }
        writeStored(STORAGE_KEYS.emailForSignIn, email);
        await sendEmailLink(email, affiliate, returnPath);
        navigate('/email-link-sent', { state: { email } });
      } catch (error) {
        onBusyChange(false);
        throw error;
      }
    },
    { failureMessage: signInFailureMessage, placement: 'toast' },
  );

  return (
    <Stack component="form" spacing={2} onSubmit={submit}>
      <FormTextField
        control={form.control}
        name="email"
        label="Email Address"
        type="email"
        disabled={busy}
        autoComplete="email"
        required
        fullWidth
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        loading={isSubmitting}
        disabled={busy || !isValid}
        sx={{ borderRadius: 999, py: 1.25 }}
      >
        {isPreview ? 'Sign In to Preview Account' : 'Send Sign-In Link'}
      </Button>
    </Stack>
  );
}

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CompleteProfileInput, type Me } from '@sweetwish/shared/accounts';
import { HANDLE_MAX, HANDLE_MESSAGES, suggestHandle } from '@sweetwish/shared/handle';
import { useEffect, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useHandleStatus } from '../../../components/accounts/handle-status';
import { AppTopBar } from '../../../components/app-top-bar';
import { FormTextField } from '../../../components/form-text-field';
import { RequireSignIn } from '../../../components/require-sign-in';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notification-store';
import { safeReturnPath } from '../../../lib/return-path';
import { loadQueries } from '../../../lib/route-loader';
import { submitSchemaForm, useSchemaForm } from '../../../lib/schema-form';
import { refreshMe, useMe } from '../../../lib/session';
import { sleep } from '../../../lib/sleep';
import { completeProfile, SIGN_IN_MESSAGES } from '../api/auth-calls';
import { HandleStatusLine } from '../components/handle-status-line';
import { rememberedAffiliate } from '../lib/affiliate';

/** Route loader: the user record, whose names fill the form (a visitor is sent to sign in). */
export function completeProfileLoader() {
  return loadQueries();
}

/** How often the app asks for the user record after completing the profile, until it has a handle (product.md section 9). */
export const PROFILE_POLL_MS = 500;
const PROFILE_POLL_ATTEMPTS = 20;

/** Complete Account Profile (product.md section 2): display name and handle for a user who has neither yet. */
export function CompleteProfilePage() {
  return (
    <>
      <AppTopBar />
      <RequireSignIn>
        <CompleteProfileForm />
      </RequireSignIn>
    </>
  );
}

/** The server's own rules for the two fields (CompleteProfileInput); the invite is added on submit. */
const CompleteProfileFields = CompleteProfileInput.pick({ handle: true, displayName: true });

const trim = (text: string) => text.trim();

function CompleteProfileForm() {
  const { me } = useMe();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const returnPath = safeReturnPath(searchParams.get('return')) ?? '/home';
  const [suggestion] = useState(() => suggestHandle());
  const form = useSchemaForm(CompleteProfileFields, {
    displayName: me?.displayName ?? me?.suggestedDisplayName ?? '',
    handle: me?.handle ?? '',
  });
  const { isSubmitting, isValid, errors } = form.formState;
  // True from the press until the page moves on: the profile is complete before the handle shows in /me.
  const [isCompleting, setIsCompleting] = useState(false);
  const handle = form.watch('handle');
  const checkedStatus = useHandleStatus(errors.handle ? '' : handle);
  const handleStatus = errors.handle ? 'idle' : checkedStatus;
  const isBusy = isSubmitting || isCompleting;
  const canSubmit = !isBusy && isValid && !errors.handle && !errors.displayName && handleStatus === 'available';

  // The server's answer that the handle is taken (or could not be checked) is a problem of the field.
  useEffect(() => {
    if (handleStatus === 'taken' || handleStatus === 'error') {
      form.setError('handle', { type: 'availability', message: HANDLE_MESSAGES[handleStatus] });
    }
  }, [handleStatus, form]);

  const submit = submitSchemaForm(
    form,
    async (values) => {
      setIsCompleting(true);
      try {
        await completeProfile({ ...values, affiliate: rememberedAffiliate() ?? undefined });
      } catch (error) {
        setIsCompleting(false);
        throw error;
      }
      if (await waitForHandle()) {
        navigate(returnPath, { replace: true });
      } else {
        notify(SIGN_IN_MESSAGES.updateUser, { placement: 'toast' });
        setIsCompleting(false);
      }
    },
    {
      // A taken handle lands on the field (`fields.handle`); another refusal says why ("already complete").
      failureMessage: (error) =>
        error instanceof ApiError && error.status === 409 ? error.message : SIGN_IN_MESSAGES.updateUser,
      placement: 'toast',
    },
  );

  if (!me) return null;
  if (me.isProfileComplete && !isBusy) return <Navigate to={returnPath} replace />;

  return (
    <Box component="main" sx={{ maxWidth: 440, mx: 'auto', px: 2.5, pt: { xs: 3, sm: 6 }, pb: 6 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800, letterSpacing: '-0.02em', mb: 1 }}>
        Complete Account Profile
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, lineHeight: 1.6 }}>
        Choose the name fans see and the handle of your page.
      </Typography>
      <Stack component="form" spacing={2.5} onSubmit={submit} noValidate>
        <SignInDetails me={me} />
        <FormTextField
          control={form.control}
          name="displayName"
          label="Display Name"
          disabled={isBusy}
          autoComplete="nickname"
          fullWidth
        />
        <Box>
          <FormTextField
            control={form.control}
            name="handle"
            label="Unique Handle"
            reformat={trim}
            helperText={<HandleStatusLine status={handleStatus} />}
            disabled={isBusy}
            autoComplete="username"
            fullWidth
            slotProps={{
              input: { startAdornment: <InputAdornment position="start">@</InputAdornment> },
              htmlInput: { maxLength: HANDLE_MAX + 8, autoCapitalize: 'none', spellCheck: false },
              formHelperText: { sx: { color: handleStatus === 'available' ? 'success.main' : undefined } },
            }}
          />
          {handle !== suggestion && (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1, flexWrap: 'wrap' }}>
              <Typography variant="body2" color="text.secondary">
                Need an idea?
              </Typography>
              <Chip
                label={`Use ${suggestion}`}
                onClick={() => form.setValue('handle', suggestion, { shouldValidate: true, shouldDirty: true })}
                disabled={isBusy}
                color="primary"
                variant="outlined"
                size="small"
              />
            </Box>
          )}
        </Box>
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={!canSubmit}
          loading={isBusy}
          sx={{ borderRadius: 999, py: 1.25 }}
        >
          Complete
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
          Not you?{' '}
          <Button
            variant="text"
            size="small"
            disabled={isBusy}
            onClick={() => void import('../../../components/accounts/log-out').then((m) => m.logOut())}
            sx={{ minWidth: 0, p: 0.5, verticalAlign: 'baseline' }}
          >
            Log Out
          </Button>
        </Typography>
      </Stack>
    </Box>
  );
}

/** The phone number and e-mail the user signed in with, read-only. */
function SignInDetails({ me }: { me: Me }) {
  if (!me.phoneNumber && !me.email) return null;
  return (
    <Stack spacing={2.5}>
      {me.phoneNumber && (
        <TextField label="Phone Number" value={formatPhone(me.phoneNumber)} fullWidth slotProps={readOnly} />
      )}
      {me.email && <TextField label="Email" value={me.email} fullWidth slotProps={readOnly} />}
    </Stack>
  );
}

const readOnly = { htmlInput: { readOnly: true }, input: { sx: { color: 'text.secondary' } } } as const;

/** +12025550123 as "+1 202-555-0123". */
function formatPhone(e164: string): string {
  const match = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(e164);
  return match ? `+1 ${match[1]}-${match[2]}-${match[3]}` : e164;
}

/** Asks for the user record every 500 ms until it carries a handle; false when it never does. */
async function waitForHandle(): Promise<boolean> {
  for (let attempt = 0; attempt < PROFILE_POLL_ATTEMPTS; attempt++) {
    const me = await refreshMe().catch(() => null);
    if (me?.handle) return true;
    await sleep(PROFILE_POLL_MS);
  }
  return false;
}

import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import { SetHandleInput } from '@sweetwish/shared/accounts';
import { HANDLE_MAX, HANDLE_MESSAGES } from '@sweetwish/shared/handle';
import type { PublicProfile } from '@sweetwish/shared/profiles';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { handleStatusMessage, useHandleStatus } from '../../../components/accounts/handle-status';
import { FormTextField } from '../../../components/form-text-field';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notification-store';
import { submitSchemaForm, useSchemaForm } from '../../../lib/schema-form';
import { ME_QUERY_KEY } from '../../../lib/session';
import { loadOwnProfile, PROFILE_MESSAGES, setHandle } from '../api/profile-calls';
import { ProfileEditLayout } from '../components/profile-edit-layout';

export function handleLoader() {
  return loadOwnProfile();
}

/** /profile/handle: availability as on Complete Account Profile; save disabled when empty. */
export function HandlePage() {
  return <ProfileEditLayout title="Handle">{(profile) => <HandleForm profile={profile} />}</ProfileEditLayout>;
}

const trim = (text: string) => text.trim();

function HandleForm({ profile }: { profile: PublicProfile }) {
  const queryClient = useQueryClient();
  const form = useSchemaForm(SetHandleInput, { handle: profile.handle });
  const { isSubmitting, errors } = form.formState;
  const handle = form.watch('handle');
  const saved = form.formState.defaultValues?.handle ?? '';
  const isUnchanged = handle.toLowerCase() === saved.toLowerCase();
  const checked = useHandleStatus(isUnchanged || errors.handle ? '' : handle);
  const status = isUnchanged ? 'idle' : checked;
  const canSave = !isSubmitting && handle !== '' && !isUnchanged && !errors.handle && status === 'available';

  // The server's answer that the handle is taken (or could not be checked) is a problem of the field.
  useEffect(() => {
    if (status === 'taken' || status === 'error') {
      form.setError('handle', { type: 'availability', message: HANDLE_MESSAGES[status] });
    }
  }, [status, form]);

  const save = submitSchemaForm(
    form,
    async (values) => {
      const me = await setHandle(values.handle);
      queryClient.setQueryData(ME_QUERY_KEY, me);
      form.reset({ handle: me.handle ?? values.handle });
      notify(PROFILE_MESSAGES.handleUpdated, { severity: 'success' });
    },
    {
      // A taken handle lands on the field (`fields.handle`); another refusal says why ("Complete your profile first.").
      failureMessage: (error) =>
        error instanceof ApiError && error.status === 409 ? error.message : PROFILE_MESSAGES.updateHandle,
    },
  );

  return (
    <Stack component="form" spacing={2.5} onSubmit={save} noValidate>
      <FormTextField
        control={form.control}
        name="handle"
        label="Handle"
        reformat={trim}
        helperText={handleStatusMessage(status) ?? ' '}
        fullWidth
        slotProps={{
          input: { startAdornment: <InputAdornment position="start">@</InputAdornment> },
          htmlInput: { maxLength: HANDLE_MAX + 8, autoCapitalize: 'none', spellCheck: false },
          formHelperText: { sx: { color: status === 'available' && !errors.handle ? 'success.main' : undefined } },
        }}
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={!canSave}
        loading={isSubmitting}
        sx={{ borderRadius: 999 }}
      >
        Save
      </Button>
    </Stack>
  );
}

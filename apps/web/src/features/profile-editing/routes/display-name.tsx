import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { DISPLAY_NAME_MAX } from '@sweetwish/shared/handle';
import { type PublicProfile, UpdateProfileInput } from '@sweetwish/shared/profiles';
import { useQueryClient } from '@tanstack/react-query';
import { FormTextField } from '../../../components/form-text-field';
import { profileQueryKey } from '../../../components/profiles/profile-queries';
import { notify } from '../../../lib/notification-store';
import { submitSchemaForm, useSchemaForm } from '../../../lib/schema-form';
import { refreshMe } from '../../../lib/session';
import { loadOwnProfile, PROFILE_MESSAGES, updateProfile } from '../api/profile-calls';
import { ProfileEditLayout } from '../components/profile-edit-layout';

export function displayNameLoader() {
  return loadOwnProfile();
}

/** /profile/display-name: save is disabled when the name is empty or unchanged (product.md section 5). */
export function DisplayNamePage() {
  return (
    <ProfileEditLayout title="Display Name">{(profile) => <DisplayNameForm profile={profile} />}</ProfileEditLayout>
  );
}

/** The server's own rule for a display name (UpdateProfileInput), required here. */
const DisplayNameFields = UpdateProfileInput.pick({ displayName: true }).required();

function DisplayNameForm({ profile }: { profile: PublicProfile }) {
  const queryClient = useQueryClient();
  const form = useSchemaForm(DisplayNameFields, { displayName: profile.displayName });
  const { isDirty, isSubmitting } = form.formState;
  const name = form.watch('displayName');
  const canSave = !isSubmitting && isDirty && name !== '' && !form.formState.errors.displayName;

  const save = submitSchemaForm(
    form,
    async ({ displayName }) => {
      const updated = await updateProfile({ displayName });
      queryClient.setQueryData(profileQueryKey(updated.handle), updated);
      form.reset({ displayName: updated.displayName });
      notify(PROFILE_MESSAGES.displayNameUpdated, { severity: 'success' });
      void refreshMe().catch(() => undefined);
    },
    { failureMessage: PROFILE_MESSAGES.updateUser },
  );

  return (
    <Stack component="form" spacing={2.5} onSubmit={save} noValidate>
      <FormTextField
        control={form.control}
        name="displayName"
        label="Display Name"
        fullWidth
        slotProps={{ htmlInput: { maxLength: DISPLAY_NAME_MAX + 8 } }}
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

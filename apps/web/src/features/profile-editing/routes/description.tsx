import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { ABOUT_ME_MAX, type PublicProfile, UpdateProfileInput } from '@sweetwish/shared/profiles';
import { useQueryClient } from '@tanstack/react-query';
import { FormTextField } from '../../../components/form-text-field';
import { profileQueryKey } from '../../../components/profiles/profile-queries';
import { notify } from '../../../lib/notification-store';
import { submitSchemaForm, useSchemaForm } from '../../../lib/schema-form';
import { loadOwnProfile, PROFILE_MESSAGES, updateProfile } from '../api/profile-calls';
import { ProfileEditLayout } from '../components/profile-edit-layout';

export function descriptionLoader() {
  return loadOwnProfile();
}

/** /profile/description (About Me): saved only when non-empty and changed (product.md section 5). */
export function DescriptionPage() {
  return <ProfileEditLayout title="About Me">{(profile) => <DescriptionForm profile={profile} />}</ProfileEditLayout>;
}

/** The server's own rule for About Me (UpdateProfileInput), required here. */
const DescriptionFields = UpdateProfileInput.pick({ description: true }).required();

function DescriptionForm({ profile }: { profile: PublicProfile }) {
  const queryClient = useQueryClient();
  const form = useSchemaForm(DescriptionFields, { description: profile.description ?? '' });
  const { isDirty, isSubmitting } = form.formState;
  const text = form.watch('description');
  const canSave = !isSubmitting && isDirty && text.trim() !== '' && !form.formState.errors.description;

  const save = submitSchemaForm(
    form,
    async ({ description }) => {
      const updated = await updateProfile({ description });
      queryClient.setQueryData(profileQueryKey(updated.handle), updated);
      form.reset({ description: updated.description ?? '' });
      notify(PROFILE_MESSAGES.descriptionUpdated, { severity: 'success' });
    },
    { failureMessage: PROFILE_MESSAGES.updateUser },
  );

  return (
    <Stack component="form" spacing={2.5} onSubmit={save} noValidate>
      <FormTextField
        control={form.control}
        name="description"
        label="About Me"
        multiline
        minRows={3}
        maxRows={10}
        fullWidth
        slotProps={{ htmlInput: { maxLength: ABOUT_ME_MAX } }}
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

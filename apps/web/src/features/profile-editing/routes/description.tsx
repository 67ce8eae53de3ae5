import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ABOUT_ME_MAX, ABOUT_ME_MESSAGES, aboutMeProblem, type PublicProfile } from '@sweetwish/shared/profiles';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { notify } from '../../../components/notification-store';
import { profileQueryKey } from '../../../lib/profiles';
import { loadOwnProfile, PROFILE_MESSAGES, updateProfile } from '../api/profile-calls';
import { ProfileEditLayout } from '../components/profile-edit-layout';

export function descriptionLoader() {
  return loadOwnProfile();
}

/** /profile/description (About Me): saved only when non-empty and changed (spec section 5). */
export function DescriptionPage() {
  return <ProfileEditLayout title="About Me">{(profile) => <DescriptionForm profile={profile} />}</ProfileEditLayout>;
}

function DescriptionForm({ profile }: { profile: PublicProfile }) {
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState(profile.description ?? '');
  const [text, setText] = useState(profile.description ?? '');
  const [isSaving, setIsSaving] = useState(false);
  // An empty text is not an error to show: Save stays off until there is something to save (spec section 5).
  const problem = text.trim() === '' ? undefined : aboutMeProblem(text);
  const canSave = !isSaving && text.trim() !== '' && !problem && text !== saved;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSave) return;
    setIsSaving(true);
    try {
      const updated = await updateProfile({ description: text });
      queryClient.setQueryData(profileQueryKey(updated.handle), updated);
      setSaved(text);
      notify(PROFILE_MESSAGES.descriptionUpdated, { severity: 'success' });
    } catch {
      notify(PROFILE_MESSAGES.updateUser);
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <Stack component="form" spacing={2.5} onSubmit={save} noValidate>
      <TextField
        label="About Me"
        value={text}
        onChange={(event) => setText(event.target.value)}
        disabled={isSaving}
        error={Boolean(problem)}
        helperText={problem ? ABOUT_ME_MESSAGES[problem] : undefined}
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
        loading={isSaving}
        sx={{ borderRadius: 999 }}
      >
        Save
      </Button>
    </Stack>
  );
}

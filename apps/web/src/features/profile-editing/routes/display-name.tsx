import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { DISPLAY_NAME_MAX, DISPLAY_NAME_MESSAGES, displayNameProblem } from '@sweetwish/shared/handle';
import type { PublicProfile } from '@sweetwish/shared/profiles';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { notify } from '../../../components/notification-store';
import { profileQueryKey } from '../../../lib/profiles';
import { refreshMe } from '../../../lib/session';
import { loadOwnProfile, PROFILE_MESSAGES, updateProfile } from '../api/profile-calls';
import { ProfileEditLayout } from '../components/profile-edit-layout';

export function displayNameLoader() {
  return loadOwnProfile();
}

/** /profile/display-name: save is disabled when the name is empty or unchanged (spec section 5). */
export function DisplayNamePage() {
  return (
    <ProfileEditLayout title="Display Name">{(profile) => <DisplayNameForm profile={profile} />}</ProfileEditLayout>
  );
}

function DisplayNameForm({ profile }: { profile: PublicProfile }) {
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState(profile.displayName);
  const [name, setName] = useState(profile.displayName);
  const [isSaving, setIsSaving] = useState(false);
  const problem = name === '' ? undefined : displayNameProblem(name);
  const canSave = !isSaving && name !== '' && name !== saved && !problem;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSave) return;
    setIsSaving(true);
    try {
      const updated = await updateProfile({ displayName: name });
      queryClient.setQueryData(profileQueryKey(updated.handle), updated);
      setSaved(updated.displayName);
      notify(PROFILE_MESSAGES.displayNameUpdated, { severity: 'success' });
      void refreshMe().catch(() => undefined);
    } catch {
      notify(PROFILE_MESSAGES.updateUser);
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <Stack component="form" spacing={2.5} onSubmit={save} noValidate>
      <TextField
        label="Display Name"
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={Boolean(problem)}
        helperText={problem ? DISPLAY_NAME_MESSAGES[problem] : ' '}
        disabled={isSaving}
        fullWidth
        slotProps={{ htmlInput: { maxLength: DISPLAY_NAME_MAX + 8 } }}
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

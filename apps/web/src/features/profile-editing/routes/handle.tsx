import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { HANDLE_MAX } from '@sweetwish/shared/handle';
import type { PublicProfile } from '@sweetwish/shared/profiles';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { notify } from '../../../components/notification-store';
import { ApiError } from '../../../lib/api-client';
import { handleStatusMessage, useHandleStatus } from '../../../lib/handle-status';
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

const PROBLEMS = new Set(['short', 'long', 'invalid', 'taken', 'error']);

function HandleForm({ profile }: { profile: PublicProfile }) {
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState(profile.handle);
  const [handle, setHandleText] = useState(profile.handle);
  const [isSaving, setIsSaving] = useState(false);
  const isUnchanged = handle.toLowerCase() === saved.toLowerCase();
  const checked = useHandleStatus(isUnchanged ? '' : handle);
  const status = isUnchanged ? 'idle' : checked;
  const isProblem = PROBLEMS.has(status);
  const canSave = !isSaving && handle !== '' && !isUnchanged && !isProblem && status !== 'checking';

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSave) return;
    setIsSaving(true);
    try {
      const me = await setHandle(handle);
      queryClient.setQueryData(ME_QUERY_KEY, me);
      setSaved(me.handle ?? handle);
      setHandleText(me.handle ?? handle);
      notify(PROFILE_MESSAGES.handleUpdated, { severity: 'success' });
    } catch (error) {
      notify(error instanceof ApiError && error.status === 409 ? error.message : PROFILE_MESSAGES.updateHandle);
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <Stack component="form" spacing={2.5} onSubmit={save} noValidate>
      <TextField
        label="Handle"
        value={handle}
        onChange={(event) => setHandleText(event.target.value.trim())}
        error={isProblem}
        helperText={handleStatusMessage(status) ?? ' '}
        disabled={isSaving}
        fullWidth
        slotProps={{
          input: { startAdornment: <InputAdornment position="start">@</InputAdornment> },
          htmlInput: { maxLength: HANDLE_MAX + 8, autoCapitalize: 'none', spellCheck: false },
          formHelperText: { sx: { color: status === 'available' ? 'success.main' : undefined } },
        }}
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

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { MAX_LINKS, normalizeLinks } from '@sweetwish/shared/links';
import type { PublicProfile } from '@sweetwish/shared/profiles';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { notify } from '../../../components/notification-store';
import { StrokeIcon } from '../../../components/stroke-icon';
import { profileQueryKey } from '../../../lib/profiles';
import { loadOwnProfile, PROFILE_MESSAGES, updateProfile } from '../api/profile-calls';
import { ProfileEditLayout } from '../components/profile-edit-layout';

export function linksLoader() {
  return loadOwnProfile();
}

/** /profile/links: a list of entries; empty ones are dropped, https:// is added, only http(s) is allowed. */
export function LinksPage() {
  return <ProfileEditLayout title="Links">{(profile) => <LinksForm profile={profile} />}</ProfileEditLayout>;
}

type Entry = { key: number; text: string };
let nextKey = 1;
const entry = (text: string): Entry => ({ key: nextKey++, text });

function LinksForm({ profile }: { profile: PublicProfile }) {
  const queryClient = useQueryClient();
  const [entries, setEntries] = useState<Entry[]>(() =>
    profile.links.length > 0 ? profile.links.map(entry) : [entry('')],
  );
  const [problem, setProblem] = useState<{ key: number; message: string } | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  const edit = (key: number, text: string) => {
    setEntries((list) => list.map((e) => (e.key === key ? { ...e, text } : e)));
    if (problem?.key === key) setProblem(null);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (isSaving) return;
    const result = normalizeLinks(entries.map((e) => e.text));
    if ('error' in result) {
      const at = entries[Math.min(result.index, entries.length - 1)];
      setProblem({ key: at?.key ?? -1, message: result.error });
      return;
    }
    setProblem(null);
    setIsSaving(true);
    try {
      const updated = await updateProfile({ links: result.urls });
      queryClient.setQueryData(profileQueryKey(updated.handle), updated);
      setEntries(updated.links.length > 0 ? updated.links.map(entry) : [entry('')]);
    } catch {
      // The entries stay as typed, so the user can try again.
      notify(PROFILE_MESSAGES.addLink);
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <Stack component="form" spacing={2} onSubmit={save} noValidate>
      {entries.map((e, index) => (
        <Box key={e.key} sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
          <TextField
            label={`Link ${index + 1}`}
            value={e.text}
            onChange={(event) => edit(e.key, event.target.value)}
            error={problem?.key === e.key}
            helperText={problem?.key === e.key ? problem.message : ' '}
            disabled={isSaving}
            placeholder="example.com"
            fullWidth
            slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false, inputMode: 'url' } }}
          />
          <IconButton
            aria-label={`Remove link ${index + 1}`}
            onClick={() => setEntries((list) => list.filter((other) => other.key !== e.key))}
            disabled={isSaving}
            sx={{ mt: 1 }}
          >
            <StrokeIcon size={20}>
              <line x1="18" y1="6" x2="6" y2="18" />
              <line x1="6" y1="6" x2="18" y2="18" />
            </StrokeIcon>
          </IconButton>
        </Box>
      ))}
      <Button
        variant="outlined"
        onClick={() => setEntries((list) => [...list, entry('')])}
        disabled={isSaving || entries.length >= MAX_LINKS}
      >
        Add Link
      </Button>
      <Button type="submit" variant="contained" size="large" loading={isSaving} sx={{ borderRadius: 999 }}>
        Save
      </Button>
    </Stack>
  );
}

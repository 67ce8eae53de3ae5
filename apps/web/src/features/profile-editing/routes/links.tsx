import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { MAX_LINKS } from '@sweetwish/shared/links';
import { ProfileLinksFields, type PublicProfile } from '@sweetwish/shared/profiles';
import { useQueryClient } from '@tanstack/react-query';
import { useFieldArray } from 'react-hook-form';
import { FormTextField } from '../../../components/form-text-field';
import { profileQueryKey } from '../../../components/profiles/profile-queries';
import { submitSchemaForm, useSchemaForm } from '../../../lib/schema-form';
import { loadOwnProfile, PROFILE_MESSAGES, updateProfile } from '../api/profile-calls';
import { ProfileEditLayout } from '../components/profile-edit-layout';

export function linksLoader() {
  return loadOwnProfile();
}

/** /profile/links: a list of entries; empty ones are dropped, https:// is added, only http(s) is allowed. */
export function LinksPage() {
  return <ProfileEditLayout title="Links">{(profile) => <LinksForm profile={profile} />}</ProfileEditLayout>;
}

/** The saved links as entries to edit, one empty entry when there are none. */
const entriesOf = (links: string[]) => ({ links: (links.length > 0 ? links : ['']).map((url) => ({ url })) });

function LinksForm({ profile }: { profile: PublicProfile }) {
  const queryClient = useQueryClient();
  const form = useSchemaForm(ProfileLinksFields, entriesOf(profile.links));
  const entries = useFieldArray({ control: form.control, name: 'links' });
  const { isSubmitting, errors } = form.formState;

  // The server numbers the links it was sent, empty entries left out: its `links.N` is the Nth typed one.
  const typed = form.watch('links');
  const sentIndexes = typed.flatMap((entry, index) => (entry.url.trim() === '' ? [] : [index]));
  const fieldOfServer = Object.fromEntries(
    sentIndexes.map((index, sent) => [`links.${sent}`, `links.${index}.url` as const]),
  );

  const save = submitSchemaForm(
    form,
    async ({ links }) => {
      const updated = await updateProfile({ links });
      queryClient.setQueryData(profileQueryKey(updated.handle), updated);
      form.reset(entriesOf(updated.links));
    },
    // On failure the entries stay as typed, so the user can try again.
    { failureMessage: PROFILE_MESSAGES.addLink, fieldOfServer },
  );

  return (
    <Stack component="form" spacing={2} onSubmit={save} noValidate>
      {entries.fields.map((entry, index) => (
        <Box key={entry.id} sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
          <FormTextField
            control={form.control}
            name={`links.${index}.url`}
            label={`Link ${index + 1}`}
            placeholder="example.com"
            fullWidth
            slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false, inputMode: 'url' } }}
          />
          <IconButton
            aria-label={`Remove link ${index + 1}`}
            onClick={() => entries.remove(index)}
            disabled={isSubmitting}
            sx={{ mt: 1 }}
          >
            <CloseIcon sx={{ fontSize: 20 }} />
          </IconButton>
        </Box>
      ))}
      {/* A problem with the list as a whole (too many links), not with one entry. */}
      {errors.links?.message && <FormHelperText error>{errors.links.message}</FormHelperText>}
      <Button
        variant="outlined"
        onClick={() => entries.append({ url: '' })}
        disabled={isSubmitting || entries.fields.length >= MAX_LINKS}
      >
        Add Link
      </Button>
      <Button type="submit" variant="contained" size="large" loading={isSubmitting} sx={{ borderRadius: 999 }}>
        Save
      </Button>
    </Stack>
  );
}

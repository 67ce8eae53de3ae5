import type { UpdateProfileInput } from '@sweetwish/shared/profiles';
import { useQuery } from '@tanstack/react-query';
import { profileOptions } from '../../../components/profiles/profile-queries';
import { api, ok } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { loadQueries } from '../../../lib/route-loader';
import { meOptions, useMe } from '../../../lib/session';

/** product.md section 8. */
export const PROFILE_MESSAGES = {
  updateUser: 'Error updating user...',
  updateHandle: 'Error updating handle',
  updateImage: 'Failed to update image...',
  addLink: 'Error adding link...',
  displayNameUpdated: 'Display Name Updated!',
  handleUpdated: 'Handle Updated!',
  photoUpdated: 'Profile Photo Updated!',
  bannerUpdated: 'Banner Image Updated!',
  descriptionUpdated: 'Description updated!',
} as const;

/** The pause before a profile photo or banner upload starts (product.md section 9). */
export const PROFILE_IMAGE_UPLOAD_DELAY_MS = 500;

/** PATCH /api/profile: merges the given fields into the signed-in user. */
export function updateProfile(input: UpdateProfileInput) {
  return ok(api.PATCH('/api/profile', { body: input }));
}

/** PUT /api/profile/handle (setHandle). */
export function setHandle(handle: string) {
  return ok(api.PUT('/api/profile/handle', { body: { handle } }));
}

/** The signed-in user's public profile (description, links and banner are not part of /api/me). */
export function useOwnProfile() {
  const { me } = useMe();
  const handle = me?.handle ?? '';
  return useQuery({ ...profileOptions(handle), enabled: handle !== '' });
}

/**
 * The profile editor's route loader: the signed-in user's profile is asked for by their handle, which only
 * the session knows, so it starts as soon as the session is known (at once when moving between screens).
 */
export async function loadOwnProfile(): Promise<null> {
  const me = await queryClient.ensureQueryData(meOptions).catch(() => null);
  return me?.handle ? loadQueries(profileOptions(me.handle)) : null;
}

import type { Me } from '@sweetwish/shared/accounts';
import type { PublicProfile, UpdateProfileInput } from '@sweetwish/shared/profiles';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useMe } from '../../../lib/session';

/** Spec section 8. */
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

/** The pause before a profile photo or banner upload starts (spec section 9). */
export const PROFILE_IMAGE_UPLOAD_DELAY_MS = 500;

/** PATCH /api/profile: merges the given fields into the signed-in user. */
export function updateProfile(input: UpdateProfileInput): Promise<PublicProfile> {
  return apiRequest<PublicProfile>('PATCH', '/profile', { body: input });
}

/** PUT /api/profile/handle (setHandle). */
export function setHandle(handle: string): Promise<Me> {
  return apiRequest<Me>('PUT', '/profile/handle', { body: { handle } });
}

export const ownProfileKey = (handle: string | null | undefined) => ['users', handle ?? ''] as const;

/** The signed-in user's public profile (description, links and banner are not part of /api/me). */
export function useOwnProfile() {
  const { me } = useMe();
  const handle = me?.handle;
  return useQuery({
    queryKey: ownProfileKey(handle),
    queryFn: () => apiRequest<PublicProfile>('GET', `/users/${encodeURIComponent(handle ?? '')}`),
    enabled: Boolean(handle),
  });
}

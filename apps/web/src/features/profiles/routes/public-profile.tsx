import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { AppTopBar } from '../../../components/app-top-bar';
import { CenteredMessage } from '../../../components/centered-message';
import { CenteredSpinner } from '../../../components/centered-spinner';
import { ApiError } from '../../../lib/api-client';
import { useMe } from '../../../lib/session';
import { profileQueryKey, useProfile } from '../api/profile-calls';
import { ProfileAccordions } from '../components/profile-accordions';
import { ProfileHeader } from '../components/profile-header';
import { WishlistSection } from '../components/wishlist-section';
import { rememberedHandle, rememberOldHandle } from '../lib/old-handles';

const profilePath = (handle: string) => `/${encodeURIComponent(handle)}`;

/** The same address under another handle: query and fragment stay. */
const underHandle = (location: { search: string; hash: string }, handle: string) => ({
  pathname: profilePath(handle),
  search: location.search,
  hash: location.hash,
});

/** The public creator profile (/{handle}, spec section 2): header, Links and About, and the wishlist. */
export function PublicProfilePage() {
  const { handle = '' } = useParams();
  const location = useLocation();
  // An old handle this session already saw leads to the current one at once, without asking the server.
  const current = rememberedHandle(handle);
  if (current !== undefined) {
    return <Navigate to={underHandle(location, current)} replace state={location.state} />;
  }
  return (
    <>
      <AppTopBar />
      <ProfileContent key={handle} handle={handle} />
    </>
  );
}

/**
 * /{handle}/tip: the profile with the tip dialog. The address loses "/tip" (history replaced) and the
 * dialog's open state travels in navigation state, where the tipping screen will read it. A remembered
 * old handle goes straight to the current one.
 */
export function PublicProfileTipPage() {
  const { handle = '' } = useParams();
  return <Navigate to={profilePath(rememberedHandle(handle) ?? handle)} replace state={{ isTipDialogOpen: true }} />;
}

function ProfileContent({ handle }: { handle: string }) {
  const profile = useProfile(handle);
  const { me } = useMe();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const currentHandle = profile.data?.handle;

  // An old handle answers with the profile under its current one: remember it for the session and move
  // to that address (also from another spelling of the current handle), keeping the navigation state
  // (the tip dialog's flag). Everyone is redirected, signed in or not, as the server does on a full load.
  useEffect(() => {
    if (!profile.data || currentHandle === undefined || currentHandle === handle) return;
    rememberOldHandle(handle, currentHandle);
    queryClient.setQueryData(profileQueryKey(currentHandle), profile.data);
    navigate(underHandle(location, currentHandle), { replace: true, state: location.state });
  }, [profile.data, currentHandle, handle, navigate, queryClient, location]);

  if (profile.isPending) return <CenteredSpinner label="Loading profile" />;
  if (profile.isError) {
    const isMissing = profile.error instanceof ApiError && profile.error.status === 404;
    return isMissing ? (
      <CenteredMessage title="User Not Found" detail={`Nobody goes by @${handle} here.`} />
    ) : (
      <CenteredMessage title="Something's not right." detail="The profile could not be loaded. Try again later." />
    );
  }

  const isOwner = me?.id === profile.data.id;
  return (
    <Box component="main" sx={{ maxWidth: 1536, mx: 'auto', px: { xs: 0, sm: 3 }, pt: { xs: 0, sm: 2 }, pb: 8 }}>
      <ProfileHeader profile={profile.data} isOwner={isOwner} />
      {/* Room for the visitor's "Send a Quick Tip" and the owner's balance card (the wallet issue). */}
      <Stack spacing={4} sx={{ px: { xs: 2, sm: 0 }, mt: 3 }}>
        <Box sx={{ maxWidth: 720, width: '100%', alignSelf: 'center' }}>
          <ProfileAccordions profile={profile.data} isOwner={isOwner} />
        </Box>
        <WishlistSection userId={profile.data.id} isOwner={isOwner} />
      </Stack>
    </Box>
  );
}

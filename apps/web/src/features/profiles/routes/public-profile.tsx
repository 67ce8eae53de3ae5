import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import type { LoaderFunctionArgs } from 'react-router';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { AppTopBar } from '../../../components/app-top-bar';
import { CenteredMessage } from '../../../components/centered-message';
import { CenteredSpinner } from '../../../components/centered-spinner';
import { profileOptions, profileQueryKey } from '../../../components/profiles/profile-queries';
import { ApiError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { loadQueries } from '../../../lib/route-loader';
import { useMe } from '../../../lib/session';
import { wallOptions } from '../api/wall-calls';
import { ProfileHeader } from '../components/profile-header';
import { QuickTip, TIP_DIALOG_FLAG } from '../components/quick-tip';
import { WishGridPlaceholder } from '../components/wish-grid-frame';
import { rememberedHandle, rememberOldHandle } from '../lib/old-handles';

// Only the owner sees their balance card: it loads when their page renders it (decision 003's budget).
const OwnerBalanceCard = lazy(() =>
  import('../components/owner-balance-card').then((m) => ({ default: m.OwnerBalanceCard })),
);
// Links, About and the wishlist load apart from the page's first file: the server draws them whole, and React
// hydrates them when their code arrives, after the header and "Send a Quick Tip" (decision 052). The page's
// first load stays within its budget, and a tap on a wish before then is a link followed.
const ProfileAccordions = lazy(() =>
  import('../components/profile-accordions').then((m) => ({ default: m.ProfileAccordions })),
);
const WishlistSection = lazy(() =>
  import('../components/wishlist-section').then((m) => ({ default: m.WishlistSection })),
);
// The supporters wall (decision 101) loads only when the creator's wall has entries; the server draws it whole.
const SupportersWall = lazy(() => import('../components/supporters-wall').then((m) => ({ default: m.SupportersWall })));
// The profile menu (joining the fan base) is for signed-in visitors only: it loads when one views the page.
const FanBaseMenu = lazy(() => import('../components/fan-base-menu').then((m) => ({ default: m.FanBaseMenu })));
/** The balance card's height, held while its code loads so the page does not jump. */
const BALANCE_CARD_HEIGHT = 76;

const profilePath = (handle: string) => `/${encodeURIComponent(handle)}`;

/** The same address under another handle: query and fragment stay. */
const underHandle = (location: { search: string; hash: string }, handle: string) => ({
  pathname: profilePath(handle),
  search: location.search,
  hash: location.hash,
});

/**
 * Starts the profile with its wishlist (one request), its supporters wall and the signed-in user together
 * (decision 025): one round trip.
 */
export function publicProfileLoader({ params }: LoaderFunctionArgs) {
  return loadQueries(profileOptions(params.handle ?? ''), wallOptions(params.handle ?? ''));
}

/** The public creator profile (/{handle}, product.md section 2): header, Links and About, and the wishlist. */
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
 * dialog's open state travels in navigation state, where QuickTip reads it (the owner gets no dialog,
 * a signed-out visitor is sent to sign in). A remembered old handle goes straight to the current one.
 */
export function PublicProfileTipPage() {
  const { handle = '' } = useParams();
  return <Navigate to={profilePath(rememberedHandle(handle) ?? handle)} replace state={{ [TIP_DIALOG_FLAG]: true }} />;
}

function ProfileContent({ handle }: { handle: string }) {
  const profile = useQuery(profileOptions(handle));
  const wall = useQuery(wallOptions(handle));
  const { me } = useMe();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const currentHandle = profile.data?.handle;
  usePageTitle(profile.data && `${profile.data.displayName} (@${profile.data.handle})`);

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
      // A way on from a mistyped or closed handle: look the person up, or go home.
      <CenteredMessage title="User Not Found" detail={`Nobody goes by @${handle} here.`}>
        <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap', justifyContent: 'center' }}>
          <Button component={Link} to="/search" variant="contained">
            Search
          </Button>
          <Button component={Link} to="/" variant="outlined" color="inherit">
            Go Home
          </Button>
        </Stack>
      </CenteredMessage>
    ) : (
      <CenteredMessage title="Something's not right." detail="The profile could not be loaded. Try again later." />
    );
  }

  const isOwner = me?.id === profile.data.id;
  return (
    <Box component="main" sx={{ maxWidth: 1536, mx: 'auto', px: { xs: 0, sm: 3 }, pt: { xs: 0, sm: 2 }, pb: 8 }}>
      <Box sx={{ position: 'relative' }}>
        <ProfileHeader profile={profile.data} isOwner={isOwner} />
        {me && !isOwner && (
          <Box sx={{ position: 'absolute', top: 12, right: 12 }}>
            <Suspense>
              <FanBaseMenu creator={profile.data} />
            </Suspense>
          </Box>
        )}
      </Box>
      {/* A visitor gets "Send a Quick Tip"; the owner gets their balance card. */}
      <Stack spacing={4} sx={{ px: { xs: 2, sm: 0 }, mt: 3 }}>
        {!isOwner && (
          <Box sx={{ display: 'flex', justifyContent: 'center' }}>
            <QuickTip recipient={profile.data} />
          </Box>
        )}
        {isOwner && (
          <Box sx={{ maxWidth: 720, width: '100%', alignSelf: 'center' }}>
            <Suspense fallback={<Box sx={{ height: BALANCE_CARD_HEIGHT }} />}>
              <OwnerBalanceCard height={BALANCE_CARD_HEIGHT} />
            </Suspense>
          </Box>
        )}
        <Box sx={{ maxWidth: 720, width: '100%', alignSelf: 'center' }}>
          <Suspense>
            <ProfileAccordions profile={profile.data} isOwner={isOwner} />
          </Suspense>
        </Box>
        <Suspense fallback={<WishGridPlaceholder />}>
          <WishlistSection userId={profile.data.id} isOwner={isOwner} />
        </Suspense>
        {wall.data && wall.data.items.length > 0 && (
          <Box sx={{ maxWidth: 720, width: '100%', alignSelf: 'center' }}>
            <Suspense>
              <SupportersWall handle={profile.data.handle} firstPage={wall.data} isOwner={isOwner} />
            </Suspense>
          </Box>
        )}
      </Stack>
    </Box>
  );
}

import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { PublicProfile } from '@sweetwish/shared/profiles';
import type { ReactNode } from 'react';
import { AppTopBar } from '../../../components/app-top-bar';
import { CenteredMessage } from '../../../components/centered-message';
import { CenteredSpinner } from '../../../components/centered-spinner';
import { RequireSignIn } from '../../../components/require-sign-in';
import { useOwnProfile } from '../api/profile-calls';

/** A profile-editing screen: back header, sign-in guard, a title, and the body once the profile has loaded. */
export function ProfileEditLayout({
  title,
  children,
}: {
  title: string;
  children: (profile: PublicProfile) => ReactNode;
}) {
  return (
    <>
      <AppTopBar hasBack />
      <RequireSignIn requireCompleteProfile>
        <Box component="main" sx={{ maxWidth: 560, mx: 'auto', px: 2.5, pt: { xs: 3, sm: 5 }, pb: 6 }}>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 800, letterSpacing: '-0.02em', mb: 3 }}>
            {title}
          </Typography>
          <ProfileBody>{children}</ProfileBody>
        </Box>
      </RequireSignIn>
    </>
  );
}

function ProfileBody({ children }: { children: (profile: PublicProfile) => ReactNode }) {
  const profile = useOwnProfile();
  if (profile.isError) return <CenteredMessage title="Something went wrong." />;
  if (!profile.data) return <CenteredSpinner label="Loading your profile" />;
  return children(profile.data);
}

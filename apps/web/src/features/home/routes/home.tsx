import UserIcon from '@mui/icons-material/PersonOutlineOutlined';
import SearchIcon from '@mui/icons-material/Search';
import SettingsIcon from '@mui/icons-material/SettingsOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Me } from '@sweetwish/shared/accounts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AppTopBar } from '../../../components/app-top-bar';
import { RequireSignIn } from '../../../components/require-sign-in';
import { UserAvatar } from '../../../components/user-avatar';
import { loadSignedInQueries } from '../../../lib/route-loader';
import { useMe } from '../../../lib/session';
import { homeSummaryOptions } from '../api/home-calls';
import { HomeDashboard } from '../components/home-dashboard';

export function homeLoader() {
  return loadSignedInQueries(homeSummaryOptions);
}

/** The signed-in home (/home): a greeting and the ways on. A user without a complete profile finishes it first. */
export function HomePage() {
  return (
    <>
      <AppTopBar />
      <RequireSignIn requireCompleteProfile>
        <HomeContent />
      </RequireSignIn>
    </>
  );
}

function HomeContent() {
  const { me } = useMe();
  if (!me) return null;
  return (
    <Box component="main" sx={{ maxWidth: 560, mx: 'auto', px: 2.5, pt: { xs: 4, sm: 6 }, pb: 6 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 4 }}>
        <UserAvatar photoUrl={me.photoUrl} name={me.displayName} size={64} />
        <Box sx={{ minWidth: 0 }}>
          <Typography
            variant="h4"
            component="h1"
            sx={{ fontWeight: 800, letterSpacing: '-0.02em', fontSize: { xs: 28, sm: 34 }, overflowWrap: 'anywhere' }}
          >
            Hi, {me.displayName}!
          </Typography>
          <Typography color="text.secondary" noWrap>
            @{me.handle}
          </Typography>
        </Box>
      </Stack>
      <Stack spacing={1.5} component="nav" aria-label="Home">
        <HomeLink to={profilePath(me)} icon={<UserIcon />} title="My Profile" detail="Your page and wishlist" />
        <HomeLink to="/search" icon={<SearchIcon />} title="Search" detail="Find creators and friends" />
        <HomeLink to="/settings" icon={<SettingsIcon />} title="Settings" detail="Notifications, privacy and account" />
      </Stack>
      <HomeDashboard me={me} />
    </Box>
  );
}

function profilePath(me: Me): string {
  return me.handle ? `/${me.handle}` : '/profile';
}

function HomeLink({ to, icon, title, detail }: { to: string; icon: ReactNode; title: string; detail: string }) {
  return (
    <Button
      component={Link}
      to={to}
      variant="outlined"
      color="inherit"
      sx={{
        justifyContent: 'flex-start',
        gap: 2,
        px: 2.5,
        py: 2,
        borderRadius: 3,
        borderColor: 'divider',
        textAlign: 'left',
        '&:hover': { borderColor: 'primary.main' },
      }}
    >
      <Box component="span" sx={{ color: 'primary.main', display: 'inline-flex' }}>
        {icon}
      </Box>
      <Box component="span" sx={{ display: 'flex', flexDirection: 'column' }}>
        <Box component="span" sx={{ fontSize: 17 }}>
          {title}
        </Box>
        <Box component="span" sx={{ fontSize: 14, fontWeight: 400, color: 'text.secondary' }}>
          {detail}
        </Box>
      </Box>
    </Button>
  );
}

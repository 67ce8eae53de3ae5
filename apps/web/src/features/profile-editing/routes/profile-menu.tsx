import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { AppTopBar } from '../../../components/app-top-bar';
import { RequireSignIn } from '../../../components/require-sign-in';
import { loadQueries } from '../../../lib/route-loader';

/** Route loader: the signed-in user (the list itself is fixed). */
export function profileMenuLoader() {
  return loadQueries();
}

/** The rows of the profile-editing list (product.md section 2), each opening its sub-screen. */
export const PROFILE_ROWS = [
  { label: 'Display Name', to: '/profile/display-name' },
  { label: 'Handle', to: '/profile/handle' },
  { label: 'Profile Photo', to: '/profile/photo' },
  { label: 'Banner Picture', to: '/profile/banner' },
  { label: 'About Me', to: '/profile/description' },
  { label: 'Links', to: '/profile/links' },
] as const;

/** Profile editing (/profile): the list of what the owner can change. */
export function ProfileMenuPage() {
  return (
    <>
      <AppTopBar hasBack />
      <RequireSignIn requireCompleteProfile>
        <Box component="main" sx={{ maxWidth: 560, mx: 'auto', px: 2.5, pt: { xs: 3, sm: 5 }, pb: 6 }}>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 800, letterSpacing: '-0.02em', mb: 2 }}>
            Edit Profile
          </Typography>
          <List component="nav" aria-label="Profile settings">
            {PROFILE_ROWS.map((row) => (
              <ListItemButton
                key={row.to}
                component={Link}
                to={row.to}
                sx={{ borderRadius: 2, borderBottom: 1, borderColor: 'divider', py: 1.75 }}
              >
                <ListItemText primary={row.label} slotProps={{ primary: { sx: { fontWeight: 600 } } }} />
                <ChevronRightIcon sx={{ fontSize: 20 }} />
              </ListItemButton>
            ))}
          </List>
        </Box>
      </RequireSignIn>
    </>
  );
}

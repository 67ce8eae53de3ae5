import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { UserAvatar } from '../../../components/user-avatar';
import type { SignedInUser } from '../hooks/use-signed-in-user';

/** On the landing page for a signed-in visitor: who they are, leading to /home, and "Not you? Sign In" (product.md section 2). */
export function SignedInCard({ user }: { user: SignedInUser }) {
  const name = user.displayName ?? 'Your account';
  return (
    <Box sx={{ mt: 4, display: 'grid', justifyItems: 'center', gap: 1 }}>
      <Box
        component={RouterLink}
        to="/home"
        aria-label={`Continue as ${name}${user.handle ? ` @${user.handle}` : ''}`}
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          px: 2,
          py: 1.5,
          minWidth: 260,
          maxWidth: '100%',
          borderRadius: 4,
          border: 1,
          borderColor: 'divider',
          bgcolor: 'background.paper',
          color: 'text.primary',
          textDecoration: 'none',
          textAlign: 'left',
          transition: 'border-color 150ms',
          '&:hover, &:focus-visible': { borderColor: 'primary.main' },
        }}
      >
        <UserAvatar photoUrl={user.photoUrl} name={name} size={44} />
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Typography sx={{ fontWeight: 700 }} noWrap>
            {name}
          </Typography>
          {user.handle && (
            <Typography variant="body2" color="text.secondary" noWrap>
              @{user.handle}
            </Typography>
          )}
        </Box>
        <Typography variant="body2" sx={{ color: 'primary.main', fontWeight: 700, whiteSpace: 'nowrap' }}>
          Go to Home
        </Typography>
      </Box>
      <Typography variant="body2" color="text.secondary">
        Not you?{' '}
        <Link component={RouterLink} to="/sign-in">
          Sign In
        </Link>
      </Typography>
    </Box>
  );
}

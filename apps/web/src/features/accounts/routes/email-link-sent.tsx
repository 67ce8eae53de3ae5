import MailIcon from '@mui/icons-material/MailOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link, useLocation } from 'react-router';
import { AppTopBar } from '../../../components/app-top-bar';
import { CenteredMessage } from '../../../components/centered-message';
import { loadQueries } from '../../../lib/route-loader';
import { AuthPage } from '../components/auth-page';

/** Route loader: who is signed in; the address comes in navigation state, which a loader cannot read. */
export function emailLinkSentLoader() {
  return loadQueries();
}

/** "Sign-In Link Sent!" with the address from navigation state; without one, "Something Went Wrong." (product.md section 2). */
export function EmailLinkSentPage() {
  const { state } = useLocation();
  const email = typeof state?.email === 'string' ? state.email : undefined;
  if (!email) {
    return (
      <>
        <AppTopBar hasBack />
        <CenteredMessage title="Something Went Wrong." detail="We don't know where the sign-in link went.">
          <Button component={Link} to="/sign-in" variant="contained" sx={{ borderRadius: 999 }}>
            Back to Sign In
          </Button>
        </CenteredMessage>
      </>
    );
  }
  return (
    <AuthPage>
      <Box sx={{ textAlign: 'center', pt: 4 }}>
        <Box
          sx={{
            display: 'inline-grid',
            placeItems: 'center',
            width: 72,
            height: 72,
            borderRadius: '50%',
            bgcolor: 'rgba(240, 98, 146, 0.15)',
            color: 'primary.main',
            mb: 3,
          }}
        >
          <MailIcon sx={{ fontSize: 32 }} />
        </Box>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 800, mb: 1.5 }}>
          Sign-In Link Sent!
        </Typography>
        <Typography sx={{ fontSize: 18, fontWeight: 600 }}>Check your inbox</Typography>
        <Typography color="text.secondary" sx={{ mt: 1, lineHeight: 1.6 }}>
          We sent a sign-in link to
        </Typography>
        <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere', my: 0.5 }}>{email}</Typography>
        <Typography color="text.secondary" sx={{ lineHeight: 1.6 }}>
          Open it on this device within 15 minutes to sign in.
        </Typography>
        <Button component={Link} to="/sign-in" variant="text" sx={{ mt: 3 }}>
          Use another way to sign in
        </Button>
      </Box>
    </AuthPage>
  );
}

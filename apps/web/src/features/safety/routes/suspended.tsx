import Button from '@mui/material/Button';
import MuiLink from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SAFETY_MESSAGES } from '@sweetwish/shared/safety-rules';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { CenteredMessage } from '../../../components/centered-message';
import { CenteredSpinner } from '../../../components/centered-spinner';
import { TopBar } from '../../../components/top-bar';
import { formatMonthDayYear } from '../../../lib/dates';
import { loadQueries } from '../../../lib/route-loader';
import { useMe } from '../../../lib/session';
import { suspensionOptions } from '../../../lib/suspension';

export function suspendedLoader() {
  return loadQueries(suspensionOptions);
}

/**
 * The suspended screen (/suspended; issue 53, item 2). A browser whose session a suspension ended comes
 * here instead of to sign in (components/require-sign-in.tsx), and so does the link in the notice the
 * account was sent: it says the account is suspended, the moderator's reason when this browser's session
 * was one the suspension ended, what a suspension means and where to appeal.
 */
export function SuspendedPage() {
  const { me } = useMe();
  const status = useQuery(suspensionOptions);
  const suspension = status.data?.suspension ?? null;
  if (status.isPending) return <CenteredSpinner label="Checking the account" />;
  if (!suspension && me) {
    return (
      <>
        <TopBar />
        <CenteredMessage title="Your account is not suspended.">
          <Button component={Link} to="/home" variant="contained">
            Go Home
          </Button>
        </CenteredMessage>
      </>
    );
  }
  return (
    <>
      <TopBar />
      <CenteredMessage title={suspension ? SAFETY_MESSAGES.suspendedTitle : SAFETY_MESSAGES.suspended}>
        <Stack spacing={1.5} sx={{ maxWidth: 480, alignItems: 'center' }}>
          {suspension ? (
            <>
              <Typography sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
                <strong>Reason:</strong> {suspension.reason}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                Suspended by a moderator on {formatMonthDayYear(suspension.suspendedAt)}.
              </Typography>
            </>
          ) : (
            <Typography color="text.secondary">{SAFETY_MESSAGES.suspendedReasonUnknown}</Typography>
          )}
          <Typography color="text.secondary">{SAFETY_MESSAGES.suspendedDetail}</Typography>
          <Typography color="text.secondary">
            {SAFETY_MESSAGES.suspendedAppeal}{' '}
            <MuiLink component={Link} to="/support">
              Support
            </MuiLink>
          </Typography>
          <Button component={Link} to="/sign-in" variant="outlined">
            Sign In With Another Account
          </Button>
        </Stack>
      </CenteredMessage>
    </>
  );
}

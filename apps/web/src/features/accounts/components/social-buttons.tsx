import AppleIcon from '@mui/icons-material/Apple';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { type ReactNode, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { notify } from '../../../lib/notification-store';
import { safeReturnPath } from '../../../lib/return-path';
import { SIGN_IN_MESSAGES, type SocialProvider, socialSignIn } from '../api/auth-calls';
import { GoogleIcon } from './auth-icons';

const LABELS: Record<SocialProvider, string> = { google: 'Continue with Google', apple: 'Continue with Apple' };
const ICONS: Record<SocialProvider, ReactNode> = { google: <GoogleIcon />, apple: <AppleIcon sx={{ fontSize: 20 }} /> };

/** "Continue with Google" and "Continue with Apple", each only when the server has it set up; blocked while another sign-in runs. */
export function SocialButtons({
  providers,
  busy,
  onBusyChange,
}: {
  providers: readonly SocialProvider[];
  busy: boolean;
  onBusyChange: (isBusy: boolean) => void;
}) {
  const [pending, setPending] = useState<SocialProvider | null>(null);
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  if (providers.length === 0) return null;

  const start = async (provider: SocialProvider) => {
    if (busy) return;
    setPending(provider);
    onBusyChange(true);
    try {
      // On success the browser leaves for the provider's page.
      await socialSignIn(provider, { returnPath: safeReturnPath(searchParams.get('return')), signInPath: pathname });
    } catch {
      notify(SIGN_IN_MESSAGES.general, { placement: 'toast' });
      setPending(null);
      onBusyChange(false);
    }
  };

  return (
    <Stack spacing={1.5}>
      {providers.map((provider) => (
        <Button
          key={provider}
          variant="outlined"
          color="inherit"
          size="large"
          startIcon={ICONS[provider]}
          loading={pending === provider}
          disabled={busy}
          onClick={() => void start(provider)}
          sx={{ borderRadius: 999, py: 1.25, borderColor: 'divider' }}
        >
          {LABELS[provider]}
        </Button>
      ))}
    </Stack>
  );
}

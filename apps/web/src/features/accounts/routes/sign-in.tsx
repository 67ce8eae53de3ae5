import MailIcon from '@mui/icons-material/MailOutlineOutlined';
import PhoneIcon from '@mui/icons-material/PhoneIphone';
import Divider from '@mui/material/Divider';
import MuiLink from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { detectInAppBrowser } from '@sweetwish/shared/in-app-browser';
import { useEffect, useState } from 'react';
import { Navigate, Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { useProviderError } from '../../../components/accounts/provider-error';
import { publicConfigOptions, usePublicConfig } from '../../../lib/public-config';
import { loadQueries } from '../../../lib/route-loader';
import { useBrowserRecord } from '../../../lib/server-state';
import { AuthPage } from '../components/auth-page';
import { EmailForm } from '../components/email-form';
import { InvitedByCard } from '../components/invited-by-card';
import { PhoneForm } from '../components/phone-form';
import { SocialButtons } from '../components/social-buttons';
import { TermsDialog } from '../components/terms-dialog';
import { useFinishSignIn } from '../hooks/use-finish-sign-in';
import { normalizeAffiliate, rememberAffiliate, rememberedAffiliate } from '../lib/affiliate';

type Method = 'phone' | 'email';

export function signInLoader() {
  return loadQueries(publicConfigOptions);
}

/**
 * The sign-in screen at /sign-in, /sign-up and /join, each with an optional affiliate code that is kept
 * for the session (product.md section 2). Phone by default, or e-mail; Google and Apple when set up.
 */
export function SignInPage() {
  const inAppBrowser = detectInAppBrowser(navigator.userAgent);
  if (inAppBrowser) return <Navigate to="/unsafe" replace state={{ browser: inAppBrowser }} />;
  return <SignInScreen />;
}

function SignInScreen() {
  const affiliate = useAffiliateCode();
  const { data: config } = usePublicConfig();
  const finishSignIn = useFinishSignIn();
  const [searchParams] = useSearchParams();
  const method: Method = searchParams.get('method') === 'email' ? 'email' : 'phone';
  const [isBusy, setIsBusy] = useState(false);
  const providers = config?.socialProviders ?? [];
  useProviderError();

  return (
    <AuthPage title="Welcome" lead="Sign in, or create your account with the same steps.">
      {affiliate && <InvitedByCard code={affiliate} />}
      <ToggleButtonGroup
        value={method}
        exclusive
        fullWidth
        aria-label="Sign-in method"
        disabled={isBusy}
        sx={{ mb: 3, '& .MuiToggleButton-root': { gap: 1, py: 1.1, fontWeight: 600, textTransform: 'none' } }}
      >
        {/* Links to the same screen with the other method, so a tap works before the page is hydrated. */}
        <ToggleButton value="phone" role="button" component={RouterLink} to={withMethod(searchParams, 'phone')} replace>
          <PhoneIcon sx={{ fontSize: 20 }} /> Phone
        </ToggleButton>
        <ToggleButton value="email" role="button" component={RouterLink} to={withMethod(searchParams, 'email')} replace>
          <MailIcon sx={{ fontSize: 20 }} /> Email
        </ToggleButton>
      </ToggleButtonGroup>

      {method === 'phone' ? (
        <PhoneForm busy={isBusy} onBusyChange={setIsBusy} onSignedIn={finishSignIn} />
      ) : (
        <EmailForm
          affiliate={affiliate}
          previewEmail={config?.previewEmail}
          busy={isBusy}
          onBusyChange={setIsBusy}
          onSignedIn={finishSignIn}
        />
      )}

      {providers.length > 0 && (
        <>
          <Divider sx={{ my: 3, color: 'text.secondary', fontSize: 14 }}>or</Divider>
          <SocialButtons providers={providers} busy={isBusy} onBusyChange={setIsBusy} />
        </>
      )}

      <Stack spacing={1.5} sx={{ mt: 4, textAlign: 'center' }}>
        <Typography variant="body2" color="text.secondary">
          By signing in, you agree to the{' '}
          <MuiLink component={RouterLink} to="/terms-of-service">
            Terms of Service
          </MuiLink>{' '}
          and{' '}
          <MuiLink component={RouterLink} to="/privacy">
            Privacy Policy
          </MuiLink>
          .
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Can't access your account?{' '}
          <MuiLink component={RouterLink} to="/support">
            Support
          </MuiLink>
        </Typography>
      </Stack>
      <TermsDialog />
    </AuthPage>
  );
}

/** This address with the sign-in method `method` (the phone, the default, has none), its other parameters kept. */
function withMethod(searchParams: URLSearchParams, method: Method): { search: string } {
  const next = new URLSearchParams(searchParams);
  if (method === 'phone') next.delete('method');
  else next.set('method', method);
  const search = next.toString();
  return { search: search ? `?${search}` : '' };
}

/**
 * The invite code from the address, kept in session storage; or the one kept earlier in this session, which
 * the server cannot know: it shows once the page is hydrated.
 */
function useAffiliateCode(): string | null {
  const { affiliate: fromPath } = useParams();
  const code = normalizeAffiliate(fromPath);
  const remembered = useBrowserRecord(rememberedAffiliate, () => null);
  useEffect(() => rememberAffiliate(code), [code]);
  return code ?? remembered;
}

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { SignInMethod, SocialProvider } from '@sweetwish/shared/accounts';
import { type ReactNode, useState } from 'react';
import { useProviderError } from '../../../components/accounts/provider-error';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notification-store';
import { linkSignInMethod, useRemoveSignInMethod, useSignInMethods } from '../api/sign-in-method-calls';
import { formatPhone } from '../lib/settings-text';

const NAMES: Record<SignInMethod['kind'], string> = {
  phone: 'Phone',
  email: 'Email',
  google: 'Google',
  apple: 'Apple',
};

/** The ways the user signs in: phone and e-mail as they are, Google and Apple to link or remove (never the last). */
export function SignInMethodsList() {
  const methods = useSignInMethods();
  const remove = useRemoveSignInMethod();
  const [linking, setLinking] = useState<SocialProvider | null>(null);
  useProviderError();

  if (methods.isPending) return <CircularProgress size={24} sx={{ my: 2 }} aria-label="Loading sign-in methods" />;
  if (methods.isError) {
    return (
      <Typography color="error" sx={{ py: 2 }}>
        Could not load your sign-in methods.
      </Typography>
    );
  }

  const unlink = (provider: SocialProvider) =>
    remove.mutate(provider, {
      onError: (error) => notify(error instanceof ApiError ? error.message : 'Could not remove it. Try again.'),
    });
  const link = async (provider: SocialProvider) => {
    setLinking(provider);
    try {
      // On success the browser leaves for the provider's page.
      await linkSignInMethod(provider);
    } catch (error) {
      notify((error as Error).message);
      setLinking(null);
    }
  };

  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {methods.data.methods.map((method) => (
        <Row
          key={method.kind}
          name={NAMES[method.kind]}
          // The number as the notifications line above writes it: one format on the page.
          detail={method.kind === 'phone' && method.detail !== null ? formatPhone(method.detail) : method.detail}
        >
          {method.isRemovable && (
            <Button
              variant="outlined"
              color="inherit"
              aria-label={`Remove ${NAMES[method.kind]}`}
              disabled={remove.isPending}
              onClick={() => unlink(method.kind as SocialProvider)}
            >
              Remove
            </Button>
          )}
        </Row>
      ))}
      {methods.data.linkable.map((provider) => (
        <Row key={provider} name={NAMES[provider]} detail="Not linked">
          <Button
            variant="outlined"
            color="inherit"
            loading={linking === provider}
            disabled={linking !== null}
            onClick={() => void link(provider)}
          >
            Link {NAMES[provider]}
          </Button>
        </Row>
      ))}
    </Box>
  );
}

function Row({ name, detail, children }: { name: string; detail: string | null; children?: ReactNode }) {
  return (
    <Box component="li" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 1.5 }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600 }}>{name}</Typography>
        {detail && (
          <Typography variant="body2" color="text.secondary" noWrap>
            {detail}
          </Typography>
        )}
      </Box>
      {children}
    </Box>
  );
}

import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { EmailLinkVerifyInput } from '@sweetwish/shared/accounts';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { AppTopBar } from '../../../components/app-top-bar';
import { CenteredMessage } from '../../../components/centered-message';
import { CenteredSpinner } from '../../../components/centered-spinner';
import { FormTextField } from '../../../components/form-text-field';
import { notify } from '../../../lib/notification-store';
import { safeReturnPath, signInPathFor } from '../../../lib/return-path';
import { loadQueries } from '../../../lib/route-loader';
import { submitSchemaForm, useSchemaForm } from '../../../lib/schema-form';
import { readStored, removeStored, STORAGE_KEYS } from '../../../lib/storage';
import { checkEmailLink, SIGN_IN_MESSAGES, verifyEmailLink } from '../api/auth-calls';
import { AuthPage } from '../components/auth-page';
import { useFinishSignIn } from '../hooks/use-finish-sign-in';
import { rememberAffiliate } from '../lib/affiliate';

type State =
  | { kind: 'checking' }
  | { kind: 'verifying' }
  | { kind: 'form' }
  | { kind: 'signed-in' }
  | { kind: 'invalid' };

/** Route loader: who is signed in; the link's token and address need no server data to show. */
export function emailLinkLoader() {
  return loadQueries();
}

/**
 * Where an e-mail sign-in link lands (/email/:affiliate?, product.md section 2). It completes the sign-in with
 * the address remembered when the link was sent, or asks for it ("Confirm Email Address") when this
 * browser does not remember it. A failure shows the form again.
 */
export function EmailLinkPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const { affiliate } = useParams();
  useEffect(() => rememberAffiliate(affiliate), [affiliate]);

  if (!token) return <LinkInvalid />;
  return <CompleteEmailSignIn token={token} />;
}

/** A link that cannot sign in (none, used, expired or made up); a new one keeps the screen to return to. */
function LinkInvalid() {
  const returnPath = safeReturnPath(useSearchParams()[0].get('return'));
  return (
    <>
      <AppTopBar hasBack />
      <CenteredMessage title="Link expired or invalid." detail="Sign-in links work once, for 15 minutes.">
        <Button
          component={Link}
          to={returnPath ? signInPathFor(returnPath) : '/sign-in'}
          variant="contained"
          sx={{ borderRadius: 999 }}
        >
          Get a New Link
        </Button>
      </CenteredMessage>
    </>
  );
}

/** The server's own rule for the address (EmailLinkVerifyInput); the token comes from the link. */
const ConfirmEmailFields = EmailLinkVerifyInput.pick({ email: true });

function CompleteEmailSignIn({ token }: { token: string }) {
  const finishSignIn = useFinishSignIn();
  const [remembered] = useState(() => readStored(STORAGE_KEYS.emailForSignIn));
  const [state, setState] = useState<State>({ kind: 'checking' });
  const attempted = useRef(false);

  /** Signs in with the link and the address; a failure leaves (or puts back) the form, and is told by the caller. */
  const signIn = async (address: string) => {
    await verifyEmailLink(token, address);
    removeStored(STORAGE_KEYS.emailForSignIn);
    setState({ kind: 'signed-in' });
    await finishSignIn().catch((error: unknown) => {
      setState({ kind: 'form' });
      throw error;
    });
  };

  // A used or made-up link says so at once. Otherwise the remembered address completes the sign-in on
  // arrival, once (a link works only once); without one the form asks for it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per page, with the address read on arrival
  useEffect(() => {
    if (attempted.current) return;
    attempted.current = true;
    void checkEmailLink(token).then((isValid) => {
      if (!isValid) return setState({ kind: 'invalid' });
      if (!remembered) return setState({ kind: 'form' });
      setState({ kind: 'verifying' });
      return signIn(remembered).catch(() => {
        notify(SIGN_IN_MESSAGES.emailLink, { placement: 'toast' });
        setState({ kind: 'form' });
      });
    });
  }, []);

  if (state.kind === 'invalid') return <LinkInvalid />;
  if (state.kind !== 'form') {
    return (
      <>
        <AppTopBar hasBack />
        <CenteredSpinner label={state.kind === 'signed-in' ? 'Signed in' : 'Signing in'} />
      </>
    );
  }
  return (
    <AuthPage title="Confirm Email Address" lead="Enter the address the sign-in link was sent to.">
      <ConfirmEmailForm defaultEmail={remembered ?? ''} onSubmit={signIn} />
    </AuthPage>
  );
}

/**
 * "Confirm Email Address": the address the link was sent to, when this browser does not remember it. It
 * stays while the link is checked, so a refused address can be corrected.
 */
function ConfirmEmailForm({
  defaultEmail,
  onSubmit,
}: {
  defaultEmail: string;
  onSubmit: (address: string) => Promise<void>;
}) {
  const form = useSchemaForm(ConfirmEmailFields, { email: defaultEmail });
  const { isSubmitting, isValid } = form.formState;
  const submit = submitSchemaForm(form, ({ email }) => onSubmit(email), {
    failureMessage: SIGN_IN_MESSAGES.emailLink,
    placement: 'toast',
  });

  return (
    <Stack component="form" spacing={2} onSubmit={submit}>
      <FormTextField
        control={form.control}
        name="email"
        label="Email Address"
        type="email"
        autoComplete="email"
        required
        autoFocus
        fullWidth
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={isSubmitting || !isValid}
        loading={isSubmitting}
        sx={{ borderRadius: 999, py: 1.25 }}
      >
        Login
      </Button>
    </Stack>
  );
}

import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { signInPathFor } from '../lib/return-path';
import { useMe } from '../lib/session';
import { suspensionOptions } from '../lib/suspension';
import { CenteredMessage } from './centered-message';
import { CenteredSpinner } from './centered-spinner';

/** How long a protected screen shows its spinner to a signed-out visitor before sending them to sign in (product.md section 9). */
export const SIGN_IN_REDIRECT_DELAY_MS = 2000;

/**
 * Shows `children` only to a signed-in user (product.md section 2, Guards). Anyone else sees a spinner and,
 * after 2 s, the sign-in screen, which brings them back here afterwards; a browser whose session a
 * suspension ended goes to the suspended screen instead, which says why. With `requireCompleteProfile`,
 * a user without a handle or display name is sent to finish the profile first.
 */
export function RequireSignIn({
  children,
  requireCompleteProfile = false,
}: {
  children: ReactNode;
  requireCompleteProfile?: boolean;
}) {
  const { me, isLoading, isError } = useMe();
  const location = useLocation();
  const navigate = useNavigate();
  const here = `${location.pathname}${location.search}`;
  const isSignedOut = !isLoading && !isError && me === null;
  const suspension = useQuery({ ...suspensionOptions, enabled: isSignedOut });
  const isSuspended = suspension.data?.suspension != null;

  useEffect(() => {
    if (!isSignedOut || suspension.isPending) return;
    if (isSuspended) {
      navigate('/suspended', { replace: true });
      return;
    }
    const timer = setTimeout(() => navigate(signInPathFor(here), { replace: true }), SIGN_IN_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [isSignedOut, suspension.isPending, isSuspended, here, navigate]);

  if (isError) {
    return (
      <CenteredMessage
        title="Something went wrong."
        detail="We could not check who is signed in. Reload the page to try again."
      />
    );
  }
  if (!me) return <CenteredSpinner label="Checking who is signed in" />;
  if (requireCompleteProfile && !me.isProfileComplete) {
    return <Navigate to={`/complete-profile?return=${encodeURIComponent(here)}`} replace />;
  }
  return children;
}

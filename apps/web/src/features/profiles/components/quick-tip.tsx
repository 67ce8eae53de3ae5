import Button from '@mui/material/Button';
import type { PublicProfile } from '@sweetwish/shared/profiles';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { TOP_UP_INTENT, type TopUpIntent } from '../../../components/wallet/top-up-intent';
import { resumedIntent, useResumeIntent } from '../../../components/wallet/use-resume-intent';
import { TOKEN_MENU_FLAG } from '../../../components/wallet/wallet-queries';
import { signInPathFor } from '../../../lib/return-path';
import { useMe } from '../../../lib/session';

/** The navigation-state flag that holds the tip dialog open (product.md section 4); /{handle}/tip sets it. */
export const TIP_DIALOG_FLAG = 'isTipDialogOpen';

// The dialog (MUI's Dialog, Modal and form controls with it) loads when it first opens: it is not needed
// to paint the profile, whose first load has a budget (decision 003).
const loadTipDialog = () => import('./tip-dialog');
const TipDialog = lazy(() => loadTipDialog().then((m) => ({ default: m.TipDialog })));

type Recipient = Pick<PublicProfile, 'id' | 'handle' | 'displayName' | 'photoUrl'>;

/**
 * "Send a Quick Tip" on someone else's profile (product.md section 2) and the tip dialog it opens. The dialog's
 * open state lives in navigation state, so /{handle}/tip opens it too. A signed-out visitor is sent to
 * sign in instead, and comes back to /{handle}/tip, which opens the dialog. The button is a link to where it
 * leads, so a tap before the page is hydrated does what it says (decision 052).
 */
export function QuickTip({ recipient }: { recipient: Recipient }) {
  const { isSignedIn, isLoading } = useMe();
  const location = useLocation();
  const navigate = useNavigate();
  const isFlagged = (location.state as Record<string, unknown> | null)?.[TIP_DIALOG_FLAG] === true;
  const isOpen = isFlagged && isSignedIn;
  const signInPath = signInPathFor(`/${encodeURIComponent(recipient.handle)}/tip`);
  // Stays mounted after the first opening, so closing plays its transition.
  const [hasOpened, setHasOpened] = useState(false);
  if (isOpen && !hasOpened) setHasOpened(true);
  // "Get Tokens" opens the token menu once the dialog has finished closing: two modals changing places
  // in one moment can leave the new one hidden from assistive technology (MUI's modal manager).
  const isTokenMenuNext = useRef(false);
  // The tip the token menu interrupts: it rides through the top-up and the dialog opens with it again.
  const tipToResume = useRef<TopUpIntent | null>(null);
  useResumeIntent('tip', isSignedIn, () => ({ [TIP_DIALOG_FLAG]: true }));

  const isSignedOut = !isLoading && !isSignedIn;
  useEffect(() => {
    if (isFlagged && isSignedOut) navigate(signInPath, { replace: true });
  }, [isFlagged, isSignedOut, navigate, signInPath]);

  const tipPath = `/${encodeURIComponent(recipient.handle)}/tip`;
  /** This page again with other navigation state (the dialog's flag, or the token menu's). */
  const showHere = (state: Record<string, unknown>) =>
    navigate({ pathname: location.pathname, search: location.search, hash: location.hash }, { replace: true, state });

  return (
    <>
      <Button
        variant="contained"
        size="large"
        component={Link}
        to={isSignedIn ? tipPath : signInPath}
        disabled={isLoading}
        onPointerEnter={() => void loadTipDialog().catch(() => {})}
        onFocus={() => void loadTipDialog().catch(() => {})}
        onClick={(event) => {
          if (!isSignedIn) return;
          event.preventDefault();
          showHere({ [TIP_DIALOG_FLAG]: true });
        }}
        sx={{ borderRadius: 999, px: 4 }}
      >
        Send a Quick Tip
      </Button>
      {hasOpened && (
        <Suspense>
          <TipDialog
            recipient={recipient}
            isOpen={isOpen}
            onClose={() => showHere({ [TIP_DIALOG_FLAG]: false })}
            initial={resumedIntent(location.state, 'tip') ?? undefined}
            onGetTokens={(tip) => {
              isTokenMenuNext.current = true;
              tipToResume.current = { action: 'tip', ...tip };
              showHere({ [TIP_DIALOG_FLAG]: false });
            }}
            onExited={() => {
              if (!isTokenMenuNext.current) return;
              isTokenMenuNext.current = false;
              showHere({ [TOKEN_MENU_FLAG]: true, [TOP_UP_INTENT]: tipToResume.current });
            }}
          />
        </Suspense>
      )}
    </>
  );
}

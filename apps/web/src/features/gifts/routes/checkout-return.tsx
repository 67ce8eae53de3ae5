import Button from '@mui/material/Button';
import { WALLET_MESSAGES } from '@sweetwish/shared/wallet-rules';
import { Link, type LoaderFunctionArgs, Navigate, useSearchParams } from 'react-router';
import { AppTopBar } from '../../../components/app-top-bar';
import { CenteredMessage } from '../../../components/centered-message';
import { CenteredSpinner } from '../../../components/centered-spinner';
import { RequireSignIn } from '../../../components/require-sign-in';
import { loadQueries, loadSignedInQueries } from '../../../lib/route-loader';
import { purchaseOptions } from '../api/gift-calls';

/**
 * Route loader: the purchase the checkout paid for (its id is the session id), so /success, where this
 * screen goes at once, finds it in the cache.
 */
export function checkoutReturnLoader({ request }: LoaderFunctionArgs) {
  const sessionId = new URL(request.url).searchParams.get('session_id');
  return sessionId ? loadSignedInQueries(purchaseOptions(sessionId)) : loadQueries();
}

/**
 * A card checkout's return for a purchase (/cs and /stripe/cs, product.md section 2): with `session_id`, a
 * loader and then /success with that id as the purchase id, replacing this entry in the history (signed
 * out: sign-in first, back here).
 * Without it: "Something went wrong.", what it means and the ways on (purchases, home), never a dead end.
 */
export function CheckoutReturnPage() {
  const [searchParams] = useSearchParams();
  const sessionId = searchParams.get('session_id');
  return (
    <>
      <AppTopBar />
      {sessionId ? (
        // Signed out (another browser, an expired session): sign in back to this address, which still names
        // the purchase; /success holds it only in navigation state, which a sign-in does not carry.
        <RequireSignIn>
          <CenteredSpinner label="Finishing your purchase" />
          <Navigate to="/success" replace state={{ purchaseId: sessionId }} />
        </RequireSignIn>
      ) : (
        <CenteredMessage
          title={WALLET_MESSAGES.somethingWrong}
          detail="This link does not name a purchase. If you paid, it appears in your purchases shortly."
        >
          <Button component={Link} to="/purchases" variant="contained">
            Go to Purchases
          </Button>
          <Button component={Link} to="/home" color="inherit">
            Go Home
          </Button>
        </CenteredMessage>
      )}
    </>
  );
}

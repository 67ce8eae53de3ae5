import Button from '@mui/material/Button';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AppTopBar } from '../../../components/app-top-bar';
import { CenteredMessage } from '../../../components/centered-message';
import { CenteredSpinner } from '../../../components/centered-spinner';
import { walletOptions } from '../../../components/wallet/wallet-queries';
import { loadSignedInQueries } from '../../../lib/route-loader';
import { topUpReturnTarget } from '../lib/top-up-return';

/** Route loader: the signed-in user and their wallet, which the screen it goes on to shows. */
export function topUpReturnLoader() {
  return loadSignedInQueries(walletOptions);
}

/**
 * /tokens/stripe/success, where the card checkout of a top-up comes back (product.md section 2, Checkout
 * returns): with a session id, a loader and on to /home, or to the wish page the purchase started on, in
 * place of this address. The tokens are credited by the provider's webhook, not here; the balance updates
 * live when they land.
 */
export function TopUpReturnPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const sessionId = params.get('session_id');
  const target = topUpReturnTarget(params.get('return'));

  useEffect(() => {
    if (sessionId) navigate(target, { replace: true });
  }, [sessionId, target, navigate]);

  if (!sessionId) {
    return (
      <>
        <AppTopBar />
        <CenteredMessage
          title="Something went wrong."
          detail="This link does not name a token purchase. If you paid, your tokens appear in your balance shortly."
        >
          <Button component={Link} to="/balance" variant="contained">
            Go to Balance
          </Button>
        </CenteredMessage>
      </>
    );
  }
  return <CenteredSpinner label="Finishing your token purchase" />;
}

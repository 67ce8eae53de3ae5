import Button from '@mui/material/Button';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AppTopBar } from '../../../components/app-top-bar';
import { CenteredMessage } from '../../../components/centered-message';
import { CenteredSpinner } from '../../../components/centered-spinner';
import { TOP_UP_ADDED, type TopUpAdded } from '../../../components/wallet/top-up-intent';
import { walletOptions } from '../../../components/wallet/wallet-queries';
import { loadSignedInQueries } from '../../../lib/route-loader';
import { readStored, removeStored, STORAGE_KEYS } from '../../../lib/storage';
import { topUpReturnTarget, topUpReturnTokens } from '../lib/top-up-return';

/** Route loader: the signed-in user and their wallet, which the screen it goes on to shows. */
export function topUpReturnLoader() {
  return loadSignedInQueries(walletOptions);
}

/**
 * /tokens/stripe/success, where the card checkout of a top-up comes back (product.md section 2, Checkout
 * returns): with a session id, a loader and on to /home, or to the screen the top-up started from with the
 * fan's intent, in place of this address, telling that screen how many tokens were added. The tokens are credited by the provider's webhook, not here; the balance updates
 * live when they land.
 */
export function TopUpReturnPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const sessionId = params.get('session_id');
  const target = topUpReturnTarget(params.get('return'));
  const tokens = topUpReturnTokens(params.get('tokens'));

  const [before] = useState(() => Number(readStored(STORAGE_KEYS.topUpBalanceBefore, 'session') ?? Number.NaN));

  useEffect(() => {
    if (!sessionId) return;
    removeStored(STORAGE_KEYS.topUpBalanceBefore, 'session');
    const added: TopUpAdded | null =
      tokens === null ? null : { tokens, balanceCentsBefore: Number.isFinite(before) ? before : null };
    navigate(target, { replace: true, state: added ? { [TOP_UP_ADDED]: added } : undefined });
  }, [sessionId, target, tokens, before, navigate]);

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

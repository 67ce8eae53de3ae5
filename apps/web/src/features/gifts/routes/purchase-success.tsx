import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CHAT_MESSAGES } from '@sweetwish/shared/conversation-rules';
import { formatDollars } from '@sweetwish/shared/money';
import type { Purchase } from '@sweetwish/shared/wallet';
import { WALLET_MESSAGES } from '@sweetwish/shared/wallet-rules';
import { Link, useLocation, useRouteError } from 'react-router';
import { AppTopBar } from '../../../components/app-top-bar';
import { CenteredMessage } from '../../../components/centered-message';
import { CenteredSpinner } from '../../../components/centered-spinner';
import { FanBaseOffer } from '../../../components/fans/fan-base-offer';
import { RouteErrorBoundary } from '../../../components/lazy-error-screens';
import { RequireSignIn } from '../../../components/require-sign-in';
import { UserAvatar } from '../../../components/user-avatar';
import { WishImage } from '../../../components/wish-image';
import { loadSignedInQueries } from '../../../lib/route-loader';
import { usePurchase } from '../api/gift-calls';
import { MessageButton } from '../components/message-button';

/**
 * Route loader: the signed-in user. The purchase's id comes in navigation state, which a loader cannot
 * read; the Buy flow and the checkout return (its loader) have put the purchase in the cache already.
 */
export function purchaseSuccessLoader() {
  return loadSignedInQueries();
}

/** /success opened without a purchase id in navigation state (product.md section 8: "Purchase does not exist."). */
export class MissingPurchaseError extends Error {
  constructor() {
    super(WALLET_MESSAGES.purchaseMissing);
    this.name = 'MissingPurchaseError';
  }
}

/** The purchase id the Buy flow or a checkout return passed in navigation state (`{ purchaseId }`). */
export function purchaseIdOfState(state: unknown): string | null {
  const id = (state as { purchaseId?: unknown } | null)?.purchaseId;
  return typeof id === 'string' && id !== '' ? id : null;
}

/**
 * Purchase success (/success, product.md section 2): the seller, "Purchase Successful" and the wish's picture
 * (none for a tip), "Send a Message" (or "Join Conversation"), the offer to join the creator's fan base,
 * and "No Thanks" back to the seller's page. Without a purchase id the screen fails with "Purchase does
 * not exist." (a route error, shown by this route's boundary below).
 */
export function PurchaseSuccessPage() {
  const purchaseId = purchaseIdOfState(useLocation().state);
  if (!purchaseId) throw new MissingPurchaseError();
  return (
    <>
      <AppTopBar />
      <RequireSignIn>
        <PurchaseSuccess purchaseId={purchaseId} />
      </RequireSignIn>
    </>
  );
}

/** The route's error boundary: the missing purchase reads as product.md says; anything else is a crash. */
export function PurchaseSuccessError() {
  const error = useRouteError();
  if (!(error instanceof MissingPurchaseError)) return <RouteErrorBoundary />;
  return (
    <>
      <AppTopBar />
      <CenteredMessage title={error.message} detail="Open your purchases to see what you bought.">
        <Button component={Link} to="/purchases" variant="contained">
          Purchases
        </Button>
      </CenteredMessage>
    </>
  );
}

function PurchaseSuccess({ purchaseId }: { purchaseId: string }) {
  const purchase = usePurchase(purchaseId);
  if (purchase.isPending) return <CenteredSpinner label="Loading purchase" />;
  if (purchase.isError) return <CenteredMessage title={WALLET_MESSAGES.somethingWrong} />;
  return <PurchaseDetails purchase={purchase.data} />;
}

function PurchaseDetails({ purchase }: { purchase: Purchase }) {
  const { seller, product } = purchase;
  const isTip = purchase.type === 'tip';
  return (
    <Box component="main" sx={{ maxWidth: 480, mx: 'auto', px: 2.5, pt: { xs: 4, sm: 6 }, pb: 8 }}>
      <Stack spacing={2.5} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <UserAvatar photoUrl={seller.photoUrl} name={seller.displayName} size={96} />
        <Box sx={{ minWidth: 0, maxWidth: '100%' }}>
          <Typography variant="h6" component="p" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            {seller.displayName}
          </Typography>
          <Typography color="text.secondary">@{seller.handle}</Typography>
        </Box>
        <Typography variant="h4" component="h1" color="primary" sx={{ fontWeight: 800 }}>
          Purchase Successful
        </Typography>
        {isTip ? (
          <Typography color="text.secondary">Tip of {formatDollars(purchase.costCents)}</Typography>
        ) : (
          <>
            <Box sx={{ width: '100%' }}>
              <WishImage src={product?.image} alt={product?.name ?? 'Wish'} rounded={3} />
            </Box>
            {product && <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{product.name}</Typography>}
          </>
        )}
        <MessageButton
          target={{ type: 'purchase', purchaseId: purchase.id, conversationId: purchase.conversationId }}
          failureMessage={CHAT_MESSAGES.createFailed}
        />
        <Button
          component={Link}
          to={`/${encodeURIComponent(seller.handle)}`}
          variant="outlined"
          color="inherit"
          size="large"
          fullWidth
          sx={{ borderRadius: 999 }}
        >
          No Thanks
        </Button>
        <FanBaseOffer creator={seller} />
      </Stack>
    </Box>
  );
}

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DEFAULT_WISH_DESCRIPTION, repeatPurchaseText, type WishPage } from '@sweetwish/shared/wishes';
import { Link, useNavigate, useParams } from 'react-router';
import { AppTopBar } from '../../../components/app-top-bar';
import { CenteredMessage } from '../../../components/centered-message';
import { CenteredSpinner } from '../../../components/centered-spinner';
import { ShareIcon } from '../../../components/share-icons';
import { UserAvatar } from '../../../components/user-avatar';
import { WishImage } from '../../../components/wish-image';
import { formatWishPrice } from '../../../components/wish-price';
import { ApiError } from '../../../lib/api-client';
import { signInPathFor } from '../../../lib/return-path';
import { useMe } from '../../../lib/session';
import { shareLink, wishShareTarget } from '../../../lib/share';
import { useWishPage } from '../api/wish-calls';

/** The public page of one wish (/x/:productId, spec section 2). */
export function PublicWishPage() {
  const { productId = '' } = useParams();
  return (
    <>
      <AppTopBar hasBack />
      <WishContent key={productId} productId={productId} />
    </>
  );
}

function WishContent({ productId }: { productId: string }) {
  const page = useWishPage(productId);
  if (page.isPending) return <CenteredSpinner label="Loading wish" />;
  if (page.isError) {
    const isMissing = page.error instanceof ApiError && page.error.status === 404;
    return isMissing ? (
      <CenteredMessage title="There's Nothing Here." detail="This wish does not exist." />
    ) : (
      <CenteredMessage title="Something's not right." detail="The wish could not be loaded. Try again later." />
    );
  }
  return <WishDetails page={page.data} />;
}

function WishDetails({ page: { wish, seller } }: { page: WishPage }) {
  return (
    <Box component="main" sx={{ maxWidth: 560, mx: 'auto', px: 2.5, pt: { xs: 2, sm: 4 }, pb: 8 }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 3 }}>
        <ButtonBase
          component={Link}
          to={`/${encodeURIComponent(seller.handle)}`}
          sx={{ flexGrow: 1, minWidth: 0, justifyContent: 'flex-start', gap: 1.5, borderRadius: 2, p: 0.5 }}
        >
          <UserAvatar photoUrl={seller.photoUrl} name={seller.displayName} size={48} />
          <Box sx={{ minWidth: 0, textAlign: 'left' }}>
            <Typography sx={{ fontWeight: 700 }} noWrap>
              {seller.displayName}
            </Typography>
            <Typography variant="body2" color="text.secondary" noWrap>
              @{seller.handle}
            </Typography>
          </Box>
        </ButtonBase>
        <IconButton aria-label="Share" onClick={() => void shareLink(wishShareTarget(wish))}>
          <ShareIcon />
        </IconButton>
      </Stack>
      {wish.archived ? (
        <Typography variant="h5" component="h1" sx={{ textAlign: 'center', py: 8, fontWeight: 700 }}>
          This wish has been archived
        </Typography>
      ) : (
        <Stack spacing={2}>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 800, overflowWrap: 'anywhere' }}>
            {wish.name}
          </Typography>
          <WishImage src={wish.image} blurhash={wish.blurhash} alt={wish.name} rounded={3} />
          <Typography
            color="text.secondary"
            title={wish.description || DEFAULT_WISH_DESCRIPTION}
            sx={{
              display: '-webkit-box',
              WebkitLineClamp: 3,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
              whiteSpace: 'pre-line',
              overflowWrap: 'anywhere',
            }}
          >
            {wish.description || DEFAULT_WISH_DESCRIPTION}
          </Typography>
          <Typography variant="h5" component="p" color="primary" sx={{ fontWeight: 800 }}>
            {formatWishPrice(wish.cost)}
          </Typography>
          <BuyArea page={{ wish, seller }} />
        </Stack>
      )}
    </Box>
  );
}

/**
 * The Buy button (spec section 2): disabled while the session loads, for a purchased or archived wish,
 * and for the seller. Buying itself comes with the wallet: until then a signed-out visitor is sent to
 * sign in (and back here), and a signed-in buyer sees that buying opens soon.
 */
function BuyArea({ page: { wish, seller } }: { page: WishPage }) {
  const { me, isLoading } = useMe();
  const navigate = useNavigate();
  const isSeller = me?.id === seller.id;
  const isSignedIn = me !== null;
  const isDisabled = isLoading || wish.purchased || wish.archived || isSeller || isSignedIn;
  const here = `/x/${encodeURIComponent(wish.id)}`;

  return (
    <Stack spacing={1.5}>
      <Button
        variant="contained"
        size="large"
        disabled={isDisabled}
        onClick={() => navigate(signInPathFor(here))}
        sx={{ py: 1.5, fontSize: 17 }}
      >
        Buy
      </Button>
      {wish.purchased && (
        <Typography sx={{ fontWeight: 700, textAlign: 'center' }}>This wish is already purchased!</Typography>
      )}
      {!isLoading && isSignedIn && !isSeller && !wish.purchased && (
        <Typography color="text.secondary" sx={{ textAlign: 'center' }}>
          Buying opens soon.
        </Typography>
      )}
      <Typography color="text.secondary" sx={{ textAlign: 'center' }}>
        {repeatPurchaseText(wish.type, wish.allowRepeatPurchases)}
      </Typography>
    </Stack>
  );
}

import ShareIcon from '@mui/icons-material/ShareOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BUY_FAILED_MESSAGE, repeatPurchaseText } from '@sweetwish/shared/wish-rules';
import type { WishPage } from '@sweetwish/shared/wishes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import type { LoaderFunctionArgs } from 'react-router';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { AppTopBar } from '../../../components/app-top-bar';
import { CenteredMessage } from '../../../components/centered-message';
import { CenteredSpinner } from '../../../components/centered-spinner';
import { UserAvatar } from '../../../components/user-avatar';
import { giftMessageProblem } from '../../../components/wallet/gift-message-problem';
import { pathWithIntent, TOP_UP_INTENT, type TopUpIntent } from '../../../components/wallet/top-up-intent';
import { resumedIntent, useResumeIntent } from '../../../components/wallet/use-resume-intent';
import { WishImage } from '../../../components/wish-image';
import { formatWishPrice } from '../../../components/wish-price';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notification-store';
import { usePageTitle } from '../../../lib/page-title';
import { signInPathFor } from '../../../lib/return-path';
import { loadQueries } from '../../../lib/route-loader';
import { useMe } from '../../../lib/session';
import { shareLink, wishShareTarget } from '../../../lib/share';
import { fetchBalanceCents, useBuyWish } from '../api/buy-calls';
import { wishPageOptions, wishQueryKey } from '../api/wish-calls';
import { StoreLink } from '../components/store-link';
import { WishDescription } from '../components/wish-description';
import { BUY_CONFIRM_FLAG, finalRefusalOf, insufficientBalanceState } from '../lib/buy-flow';

// Not needed to paint a standard wish, the page fans land on most (decision 003): a group gift's and a
// subscription's areas (their dialogs and forms, zod with them) load only on such wishes.
const GroupGiftSection = lazy(() =>
  import('../components/group-gift-section').then((m) => ({ default: m.GroupGiftSection })),
);
// What only a signed-in fan sees loads apart too (decision 081): the message field and "Gift anonymously"
// (MUI's TextField and Checkbox) when one views the wish, the confirm sheet (MUI's Drawer and Modal) when one
// taps Buy, while the balance is read.
const BuyOptions = lazy(() => import('../components/buy-options').then((m) => ({ default: m.BuyOptions })));
const loadConfirmSheet = () => import('../../../components/wallet/payment-confirm-sheet');
const PaymentConfirmSheet = lazy(() => loadConfirmSheet().then((m) => ({ default: m.PaymentConfirmSheet })));
const SubscribeArea = lazy(() => import('../components/subscribe-area').then((m) => ({ default: m.SubscribeArea })));
const ReportWishButton = lazy(() =>
  import('../components/report-wish-button').then((m) => ({ default: m.ReportWishButton })),
);

/** "Report", for a signed-in visitor only: a visitor's page never fetches its code. */
function ReportSlot({ wishId, sellerId }: { wishId: string; sellerId: string }) {
  const { me } = useMe();
  if (!me || me.id === sellerId) return null;
  return (
    <Suspense>
      <ReportWishButton wishId={wishId} sellerId={sellerId} />
    </Suspense>
  );
}

/** Starts the wish with its seller (one request) and the signed-in user together (decision 025). */
export function publicWishLoader({ params }: LoaderFunctionArgs) {
  return loadQueries(wishPageOptions(params.productId ?? ''));
}

/** The public page of one wish (/x/:productId, product.md section 2). */
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
  const page = useQuery(wishPageOptions(productId));
  usePageTitle(page.data?.wish.name);
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
          <ShareIcon sx={{ fontSize: 20 }} />
        </IconButton>
        <ReportSlot wishId={wish.id} sellerId={seller.id} />
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
          <WishDescription description={wish.description} />
          <StoreLink url={wish.sourceUrl} />
          <Typography variant="h5" component="p" color="primary" sx={{ fontWeight: 800 }}>
            {formatWishPrice(wish.cost)}
            {wish.type === 'subscription' && ' / month'}
          </Typography>
          {wish.isGroupGift ? (
            <Suspense>
              <GroupGiftSection page={{ wish, seller }} />
            </Suspense>
          ) : wish.type === 'subscription' ? (
            <Suspense>
              <SubscribeArea page={{ wish, seller }} />
            </Suspense>
          ) : (
            <BuyArea page={{ wish, seller }} />
          )}
        </Stack>
      )}
    </Box>
  );
}

/**
 * The Buy button and "Gift anonymously" (product.md sections 2 and 4). Buy is disabled while the session loads,
 * for a purchased or archived wish, and for the seller. A signed-out visitor is sent to sign in (and back
 * here, with the confirm sheet open). Otherwise the balance is read afresh: too few tokens open the
 * Insufficient Balance dialog (navigation state, mounted by the app shell), whose top-up comes back here with
 * the sheet open; enough opens the confirm sheet, whose one confirm buys the wish and goes to /success.
 */
function BuyArea({ page: { wish, seller } }: { page: WishPage }) {
  const { me, isLoading } = useMe();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const buyWish = useBuyWish();
  const [anonymousChoice, setIsAnonymous] = useState<boolean | null>(null);
  const isAnonymous = anonymousChoice ?? resumedIntent(location.state, 'buy')?.isAnonymous ?? false;
  const [message, setMessage] = useState('');
  const [isBuying, setIsBuying] = useState(false);
  const isConfirmOpen = (location.state as Record<string, unknown> | null)?.[BUY_CONFIRM_FLAG] === true;
  const isSeller = me?.id === seller.id;
  const isSignedIn = me !== null;
  const isDisabled = isLoading || wish.purchased || wish.archived || isSeller;
  const isSheetOpen = isConfirmOpen && isSignedIn && !isDisabled;
  // Mounted from its first opening on, so that closing plays its transition.
  const [hasSheetOpened, setHasSheetOpened] = useState(isSheetOpen);
  if (isSheetOpen && !hasSheetOpened) setHasSheetOpened(true);
  const here = `/x/${encodeURIComponent(wish.id)}`;
  const intent: TopUpIntent = { action: 'buy', tokens: wish.cost, isAnonymous };
  useResumeIntent('buy', isSignedIn && !isDisabled, () => ({ [BUY_CONFIRM_FLAG]: true }));
  const showConfirm = (isOpen: boolean) =>
    navigate(here, { replace: true, state: { ...(location.state as object | null), [BUY_CONFIRM_FLAG]: isOpen } });

  /** Opens the Insufficient Balance dialog on this page when the wallet holds less than the wish costs. */
  const isShort = (balanceCents: number) => {
    const state = insufficientBalanceState(wish.cost, balanceCents);
    if (state) navigate(here, { replace: true, state: { ...state, [TOP_UP_INTENT]: intent } });
    return state !== null;
  };

  const buy = async () => {
    if (!isSignedIn) {
      navigate(signInPathFor(pathWithIntent(here, intent)));
      return;
    }
    if (giftMessageProblem(message) !== null) return;
    void loadConfirmSheet().catch(() => {});
    setIsBuying(true);
    try {
      if (!isShort(await fetchBalanceCents(queryClient))) showConfirm(true);
    } catch {
      notify(BUY_FAILED_MESSAGE);
    } finally {
      setIsBuying(false);
    }
  };

  const confirm = async () => {
    setIsBuying(true);
    try {
      const { purchaseId } = await buyWish({
        productId: wish.id,
        sellerId: seller.id,
        isAnonymous,
        ...(message.trim() === '' ? {} : { message: message.trim() }),
      });
      navigate('/success', { state: { purchaseId } });
    } catch (error) {
      await explainFailure(error);
    } finally {
      setIsBuying(false);
    }
  };

  /**
   * A balance spent elsewhere meanwhile opens the dialog; a sold or archived wish, or a creator refusing the
   * fan's gifts, says so and closes the sheet; else product.md's toast.
   */
  const explainFailure = async (error: unknown) => {
    const code = error instanceof ApiError ? error.body.code : undefined;
    if (code === 'INSUFFICIENT_BALANCE') {
      const balanceCents = await fetchBalanceCents(queryClient).catch(() => undefined);
      if (balanceCents !== undefined && isShort(balanceCents)) return;
    }
    const refusal = finalRefusalOf(error);
    if (refusal !== null) {
      notify(refusal);
      showConfirm(false);
      void queryClient.invalidateQueries({ queryKey: wishQueryKey(wish.id) });
      return;
    }
    notify(BUY_FAILED_MESSAGE);
  };

  return (
    <Stack spacing={1.5}>
      <Button
        variant="contained"
        size="large"
        disabled={isDisabled}
        loading={isBuying}
        onClick={() => void buy()}
        sx={{ py: 1.5, fontSize: 17 }}
      >
        Buy
      </Button>
      {isSignedIn && !isDisabled && (
        <Suspense>
          <BuyOptions
            hasMessage={wish.type !== 'subscription'}
            message={message}
            onMessageChange={setMessage}
            isAnonymous={isAnonymous}
            onAnonymousChange={setIsAnonymous}
            disabled={isBuying}
          />
        </Suspense>
      )}
      {wish.purchased && (
        <Typography sx={{ fontWeight: 700, textAlign: 'center' }}>This wish is already purchased!</Typography>
      )}
      <Typography color="text.secondary" sx={{ textAlign: 'center' }}>
        {repeatPurchaseText(wish.type, wish.allowRepeatPurchases)}
      </Typography>
      {hasSheetOpened && (
        <Suspense>
          <PaymentConfirmSheet
            isOpen={isSheetOpen}
            onClose={() => showConfirm(false)}
            onConfirm={() => void confirm()}
            isBusy={isBuying}
            tokens={wish.cost}
            recipientName={seller.displayName}
            confirmLabel={`Buy for ${wish.cost.toLocaleString('en-US')} Tokens`}
            details={
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                For "{wish.name}"{isAnonymous ? ', gifted anonymously' : ''}.
              </Typography>
            }
          />
        </Suspense>
      )}
    </Stack>
  );
}

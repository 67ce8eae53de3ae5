import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatChargeDate, SUBSCRIPTION_MESSAGES, type Subscription } from '@sweetwish/shared/subscriptions';
import { repeatPurchaseText } from '@sweetwish/shared/wish-rules';
import type { WishPage } from '@sweetwish/shared/wishes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { giftMessageProblem } from '../../../components/wallet/gift-message-problem';
import { PaymentConfirmSheet } from '../../../components/wallet/payment-confirm-sheet';
import { pathWithIntent, TOP_UP_INTENT, type TopUpIntent } from '../../../components/wallet/top-up-intent';
import { useResumeIntent } from '../../../components/wallet/use-resume-intent';
import { SUBSCRIPTIONS_QUERY_KEY } from '../../../components/wallet/wallet-queries';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notification-store';
import { signInPathFor } from '../../../lib/return-path';
import { useMe } from '../../../lib/session';
import { fetchBalanceCents } from '../api/buy-calls';
import { useSubscribe, wishSubscriptionOptions } from '../api/subscribe-calls';
import { insufficientBalanceState } from '../lib/buy-flow';
import { SubscribeTerms } from './subscribe-terms';

// The message field (MUI's TextField) loads apart, as on Buy: a fan reads the wish before writing.
const GiftMessageInput = lazy(() =>
  import('../../../components/wallet/gift-message-input').then((m) => ({ default: m.GiftMessageInput })),
);

/** The navigation-state flag that holds the subscription's confirm sheet open. */
const SUBSCRIBE_CONFIRM_FLAG = 'isSubscribeConfirmOpen';

const SUBSCRIBE_FAILED = 'Subscription failed. Please try again.';

/** What the viewer's own subscription looks like on the wish page. */
export function subscriptionSummary(subscription: Subscription): string {
  if (subscription.status === 'canceled') return `Canceled. It runs until ${formatChargeDate(subscription.paidUntil)}.`;
  if (subscription.status === 'past_due' && subscription.nextChargeAt) {
    return `Your last payment failed. Next try: ${formatChargeDate(subscription.nextChargeAt)}.`;
  }
  return subscription.nextChargeAt ? `Next charge: ${formatChargeDate(subscription.nextChargeAt)}` : '';
}

/**
 * Subscribe on a subscription wish's page (decision 034), where Buy is on a single wish: the first month
 * is charged at once, so a wallet holding less opens the Insufficient Balance dialog, as Buy does. A
 * subscriber sees their next charge date and where to manage it; a single-subscriber wish someone holds
 * cannot be subscribed to.
 */
export function SubscribeArea({ page: { wish, seller } }: { page: WishPage }) {
  const { me, isLoading, isSignedIn } = useMe();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const subscribe = useSubscribe();
  const isConfirmOpen = (location.state as Record<string, unknown> | null)?.[SUBSCRIBE_CONFIRM_FLAG] === true;
  const [isSubscribing, setIsSubscribing] = useState(false);
  // The fan's message goes with the first month only (decision 100).
  const [message, setMessage] = useState('');
  const state = useQuery({ ...wishSubscriptionOptions(wish.id), enabled: isSignedIn });
  const isSeller = me?.id === seller.id;
  const mine = state.data?.mine ?? null;
  const isTaken = (state.data?.isTaken ?? false) && mine === null;
  const isDisabled = isLoading || (isSignedIn && state.isPending) || wish.archived || isSeller || isTaken;
  const here = `/x/${encodeURIComponent(wish.id)}`;
  const intent: TopUpIntent = { action: 'subscribe', tokens: wish.cost, isAnonymous: false };
  useResumeIntent('subscribe', isSignedIn && !isDisabled && mine === null, () => ({ [SUBSCRIBE_CONFIRM_FLAG]: true }));
  const showConfirm = (isOpen: boolean) =>
    navigate(here, {
      replace: true,
      state: { ...(location.state as object | null), [SUBSCRIBE_CONFIRM_FLAG]: isOpen },
    });

  const isShort = (balanceCents: number) => {
    const insufficient = insufficientBalanceState(wish.cost, balanceCents);
    if (insufficient) navigate(here, { replace: true, state: { ...insufficient, [TOP_UP_INTENT]: intent } });
    return insufficient !== null;
  };

  /** Subscribe: sign in first, too few tokens go through a top-up, else the sheet with the terms opens. */
  const start = async () => {
    if (!isSignedIn) {
      navigate(signInPathFor(pathWithIntent(here, intent)));
      return;
    }
    if (giftMessageProblem(message) !== null) return;
    setIsSubscribing(true);
    try {
      if (!isShort(await fetchBalanceCents(queryClient))) showConfirm(true);
    } catch {
      notify(SUBSCRIBE_FAILED);
    } finally {
      setIsSubscribing(false);
    }
  };

  const confirm = async () => {
    setIsSubscribing(true);
    try {
      await subscribe({ wishId: wish.id, ...(message.trim() === '' ? {} : { message: message.trim() }) });
      showConfirm(false);
      notify(SUBSCRIPTION_MESSAGES.subscribed, { severity: 'success' });
    } catch (error) {
      const code = error instanceof ApiError ? error.body.code : undefined;
      if (code === 'INSUFFICIENT_BALANCE') {
        const balanceCents = await fetchBalanceCents(queryClient).catch(() => undefined);
        if (balanceCents !== undefined && isShort(balanceCents)) return;
      }
      notify(error instanceof ApiError && error.status < 500 ? error.message : SUBSCRIBE_FAILED);
    } finally {
      setIsSubscribing(false);
      void queryClient.invalidateQueries({ queryKey: SUBSCRIPTIONS_QUERY_KEY });
    }
  };

  return (
    <Stack spacing={1.5}>
      {mine ? (
        <>
          <Typography sx={{ fontWeight: 700, textAlign: 'center' }}>You are subscribed</Typography>
          <Typography sx={{ textAlign: 'center' }}>{subscriptionSummary(mine)}</Typography>
          <Button component={Link} to="/subscriptions" variant="outlined" size="large">
            Manage subscriptions
          </Button>
        </>
      ) : (
        <Button
          variant="contained"
          size="large"
          disabled={isDisabled}
          loading={isSubscribing}
          onClick={() => void start()}
          sx={{ py: 1.5, fontSize: 17 }}
        >
          Subscribe
        </Button>
      )}
      {isSignedIn && !isDisabled && mine === null && (
        <Suspense>
          <GiftMessageInput value={message} onChange={setMessage} disabled={isSubscribing} />
        </Suspense>
      )}
      {isTaken && <Typography sx={{ fontWeight: 700, textAlign: 'center' }}>{SUBSCRIPTION_MESSAGES.taken}</Typography>}
      <Typography color="text.secondary" sx={{ textAlign: 'center' }}>
        {repeatPurchaseText(wish.type, wish.allowRepeatPurchases)}
      </Typography>
      <PaymentConfirmSheet
        title="Confirm Subscription"
        period="month"
        isOpen={isConfirmOpen && isSignedIn && !isDisabled && mine === null}
        onClose={() => showConfirm(false)}
        onConfirm={() => void confirm()}
        isBusy={isSubscribing}
        tokens={wish.cost}
        recipientName={seller.displayName}
        confirmLabel={`Subscribe for ${wish.cost.toLocaleString('en-US')} Tokens a Month`}
        details={<SubscribeTerms tokens={wish.cost} />}
      />
    </Stack>
  );
}

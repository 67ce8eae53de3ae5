import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatChargeDate, SUBSCRIPTION_MESSAGES, type Subscription } from '@sweetwish/shared/subscriptions';
import { repeatPurchaseText } from '@sweetwish/shared/wish-rules';
import type { WishPage } from '@sweetwish/shared/wishes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { SUBSCRIPTIONS_QUERY_KEY } from '../../../components/wallet/wallet-queries';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notification-store';
import { signInPathFor } from '../../../lib/return-path';
import { useMe } from '../../../lib/session';
import { fetchBalanceCents } from '../api/buy-calls';
import { useSubscribe, wishSubscriptionOptions } from '../api/subscribe-calls';
import { insufficientBalanceState } from '../lib/buy-flow';

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
  const queryClient = useQueryClient();
  const subscribe = useSubscribe();
  const [isSubscribing, setIsSubscribing] = useState(false);
  const state = useQuery({ ...wishSubscriptionOptions(wish.id), enabled: isSignedIn });
  const isSeller = me?.id === seller.id;
  const mine = state.data?.mine ?? null;
  const isTaken = (state.data?.isTaken ?? false) && mine === null;
  const isDisabled = isLoading || (isSignedIn && state.isPending) || wish.archived || isSeller || isTaken;
  const here = `/x/${encodeURIComponent(wish.id)}`;

  const isShort = (balanceCents: number) => {
    const insufficient = insufficientBalanceState(wish.cost, balanceCents);
    if (insufficient) navigate(here, { replace: true, state: insufficient });
    return insufficient !== null;
  };

  const start = async () => {
    if (!isSignedIn) {
      navigate(signInPathFor(here));
      return;
    }
    setIsSubscribing(true);
    try {
      if (isShort(await fetchBalanceCents(queryClient))) return;
      await subscribe({ wishId: wish.id });
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
      {isTaken && <Typography sx={{ fontWeight: 700, textAlign: 'center' }}>{SUBSCRIPTION_MESSAGES.taken}</Typography>}
      <Typography color="text.secondary" sx={{ textAlign: 'center' }}>
        {repeatPurchaseText(wish.type, wish.allowRepeatPurchases)}
      </Typography>
    </Stack>
  );
}

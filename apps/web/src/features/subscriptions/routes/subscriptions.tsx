import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MuiLink from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { formatDollars } from '@sweetwish/shared/money';
import {
  formatChargeDate,
  SUBSCRIPTION_MESSAGES,
  type Subscriber,
  type Subscription,
} from '@sweetwish/shared/subscriptions';
import { WALLET_MESSAGES } from '@sweetwish/shared/wallet-rules';
import { type ReactNode, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { AppTopBar } from '../../../components/app-top-bar';
import { RequireSignIn } from '../../../components/require-sign-in';
import { UserAvatar } from '../../../components/user-avatar';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notification-store';
import { loadSignedInQueries } from '../../../lib/route-loader';
import {
  mySubscribersOptions,
  mySubscriptionsOptions,
  useCancelSubscription,
  useMySubscribers,
  useMySubscriptions,
} from '../api/subscription-calls';

export function subscriptionsLoader() {
  return loadSignedInQueries(mySubscriptionsOptions, mySubscribersOptions);
}

/** What a fan's subscription says about its next charge (decision 034). */
export function subscriptionStatusLine(subscription: Subscription): string {
  switch (subscription.status) {
    case 'active':
      return `Next charge: ${formatChargeDate(subscription.nextChargeAt ?? subscription.paidUntil)}`;
    case 'past_due':
      return `Payment failed: add tokens. Next try: ${formatChargeDate(subscription.nextChargeAt ?? subscription.paidUntil)}`;
    case 'canceled':
      return `Canceled: runs until ${formatChargeDate(subscription.paidUntil)}`;
    default:
      return `Ended ${formatChargeDate(subscription.paidUntil)}`;
  }
}

/** Subscriptions (/subscriptions): the fan's subscriptions, and a creator's subscribers with the monthly total. */
export function SubscriptionsPage() {
  return (
    <>
      <AppTopBar hasBack />
      <RequireSignIn>
        <Box component="main" sx={{ maxWidth: 600, mx: 'auto', px: 2.5, pt: { xs: 3, sm: 5 }, pb: 6 }}>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 800, letterSpacing: '-0.02em', mb: 2.5 }}>
            Subscriptions
          </Typography>
          <MySubscriptions />
          <MySubscribers />
        </Box>
      </RequireSignIn>
    </>
  );
}

function Section(props: { title: string; isPending: boolean; isError: boolean; children: ReactNode }) {
  const headingId = `${props.title.toLowerCase().replace(/\s+/g, '-')}-heading`;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 4 }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        {props.title}
      </Typography>
      {props.isPending ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
          <CircularProgress aria-label={`Loading ${props.title.toLowerCase()}`} />
        </Box>
      ) : props.isError ? (
        <Typography color="error">{WALLET_MESSAGES.somethingWrong}</Typography>
      ) : (
        props.children
      )}
    </Box>
  );
}

function MySubscriptions() {
  const subscriptions = useMySubscriptions();
  const cancel = useCancelSubscription();
  const [confirming, setConfirming] = useState<Subscription | null>(null);
  const [isCanceling, setIsCanceling] = useState(false);
  const items = subscriptions.data?.items ?? [];

  const confirm = async () => {
    if (!confirming) return;
    setIsCanceling(true);
    try {
      await cancel(confirming.id);
      notify(SUBSCRIPTION_MESSAGES.canceled, { severity: 'success' });
      setConfirming(null);
    } catch (error) {
      notify(error instanceof ApiError && error.status < 500 ? error.message : WALLET_MESSAGES.somethingWrong);
    } finally {
      setIsCanceling(false);
    }
  };

  return (
    <Section title="My Subscriptions" isPending={subscriptions.isPending} isError={subscriptions.isError}>
      {items.length === 0 ? (
        <Typography color="text.secondary">You have no subscriptions.</Typography>
      ) : (
        <List aria-label="My Subscriptions">
          {items.map((subscription) => (
            <ListItem
              key={subscription.id}
              disableGutters
              secondaryAction={
                subscription.status === 'active' || subscription.status === 'past_due' ? (
                  <Button color="inherit" onClick={() => setConfirming(subscription)}>
                    Cancel
                  </Button>
                ) : undefined
              }
            >
              <ListItemAvatar>
                <UserAvatar photoUrl={subscription.creator.photoUrl} name={subscription.creator.displayName} />
              </ListItemAvatar>
              <ListItemText
                primary={
                  <MuiLink
                    component={RouterLink}
                    to={`/x/${encodeURIComponent(subscription.wish.id)}`}
                    underline="hover"
                  >
                    {subscription.wish.name} · {formatDollars(subscription.priceCents)} / month
                  </MuiLink>
                }
                secondary={`${subscription.creator.displayName} · ${subscriptionStatusLine(subscription)}`}
              />
            </ListItem>
          ))}
        </List>
      )}
      <Dialog open={confirming !== null} onClose={() => setConfirming(null)}>
        <DialogTitle>Cancel subscription?</DialogTitle>
        <DialogContent>
          {confirming && (
            <Typography>
              {`${confirming.wish.name} stays yours until ${formatChargeDate(confirming.paidUntil)}, the end of the month you paid for. Nothing is refunded and nothing more is charged.`}
            </Typography>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(null)} disabled={isCanceling}>
            Keep it
          </Button>
          <Button color="error" loading={isCanceling} onClick={() => void confirm()}>
            Cancel subscription
          </Button>
        </DialogActions>
      </Dialog>
    </Section>
  );
}

function subscriberLine(subscriber: Subscriber): string {
  const next = subscriber.nextChargeAt ? `Next charge: ${formatChargeDate(subscriber.nextChargeAt)}` : 'Canceled';
  return `${subscriber.wish.name} · ${formatDollars(subscriber.priceCents)} / month · ${next}`;
}

/** A creator's subscribers and what they bring each month; nothing for someone without any. */
function MySubscribers() {
  const subscribers = useMySubscribers();
  const items = subscribers.data?.items ?? [];
  if (subscribers.isSuccess && items.length === 0) return null;
  return (
    <Section title="My Subscribers" isPending={subscribers.isPending} isError={subscribers.isError}>
      <Typography sx={{ fontWeight: 700 }}>
        {`Monthly total: ${formatDollars(subscribers.data?.monthlyTotalCents ?? 0)}`}
      </Typography>
      <List aria-label="My Subscribers">
        {items.map((subscriber) => (
          <ListItem key={subscriber.id} disableGutters>
            <ListItemAvatar>
              <UserAvatar
                photoUrl={subscriber.fan?.photoUrl ?? null}
                name={subscriber.fan?.displayName ?? 'Anonymous'}
              />
            </ListItemAvatar>
            <ListItemText primary={subscriber.fan?.displayName ?? 'Anonymous'} secondary={subscriberLine(subscriber)} />
          </ListItem>
        ))}
      </List>
    </Section>
  );
}

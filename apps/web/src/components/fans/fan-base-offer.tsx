import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { notify } from '../../lib/notification-store';
import { fanBaseExplanation, useChangeFanMembership, useFanMembership } from './fan-membership';

/**
 * The offer to join the creator's fan base after rewarding them (product.md section 1), shown on /success and
 * after a tip while the fan may join and has not. It says what joining shares before the fan agrees.
 */
export function FanBaseOffer({ creator }: { creator: { id: string; displayName: string } }) {
  const membership = useFanMembership(creator.id);
  const change = useChangeFanMembership(creator.id);
  // From the mutation's own state, not a callback of `mutate`: TanStack Query skips those callbacks when the
  // observer has no listener at that moment, and the fan would then see neither the offer nor this line.
  if (change.isSuccess && change.data.isMember) {
    return (
      <Typography role="status" color="primary" sx={{ fontWeight: 700 }}>
        You joined {creator.displayName}'s fan base.
      </Typography>
    );
  }
  if (!membership.data?.canJoin || membership.data.isMember) return null;

  const join = () => change.mutate(true, { onError: () => notify('Could not join the fan base. Try again later.') });

  return (
    <Box
      component="section"
      aria-labelledby="fan-base-offer-title"
      sx={{ width: '100%', p: 2.5, borderRadius: 3, border: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
    >
      <Typography id="fan-base-offer-title" component="h2" sx={{ fontWeight: 800 }}>
        Join {creator.displayName}'s fan base?
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1, mb: 2 }}>
        {fanBaseExplanation(creator.displayName)}
      </Typography>
      <Button
        variant="outlined"
        onClick={join}
        disabled={change.isPending}
        startIcon={change.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
        sx={{ borderRadius: 999 }}
      >
        Join Fan Base
      </Button>
    </Box>
  );
}

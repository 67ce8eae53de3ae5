import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { WALLET_MESSAGES } from '@sweetwish/shared/wallet-rules';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { FanBaseOffer } from '../../../components/fans/fan-base-offer';
import { fanMembershipOptions } from '../../../components/fans/fan-membership';

/**
 * Whether to offer the fan base after a tip: asked of the server afresh, since the tip just sent may be what
 * lets the fan join (product.md section 1). A failed answer offers nothing.
 */
export function useShouldOfferFanBase(creatorId: string): () => Promise<boolean> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    try {
      const membership = await queryClient.fetchQuery({ ...fanMembershipOptions(creatorId), staleTime: 0 });
      return membership.canJoin && !membership.isMember;
    } catch {
      return false;
    }
  }, [queryClient, creatorId]);
}

/** The tip dialog after the tip went: the offer to join the creator's fan base, as /success makes after a purchase. */
export function TipFanBaseStep({
  creator,
  titleId,
  onClose,
}: {
  creator: { id: string; displayName: string };
  titleId: string;
  onClose: () => void;
}) {
  return (
    <>
      <DialogTitle id={titleId} sx={{ pb: 1, fontWeight: 800 }}>
        Tip Sent
      </DialogTitle>
      <DialogContent>
        <Typography role="status" color="primary" sx={{ fontWeight: 700, mb: 2 }}>
          {WALLET_MESSAGES.tipSent}
        </Typography>
        <FanBaseOffer creator={creator} />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} color="inherit" sx={{ borderRadius: 999 }}>
          Done
        </Button>
      </DialogActions>
    </>
  );
}

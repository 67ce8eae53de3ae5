import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import Typography from '@mui/material/Typography';
import { FEE_RATES, formatRate } from '@sweetwish/shared/fees';
import { CENTS_PER_TOKEN } from '@sweetwish/shared/money';
import type { ReactNode } from 'react';
import { creatorShareCents } from './creator-share';
import { BalanceLine } from './pay-dialog-parts';
import { tokenCount } from './token-count';
import { useWallet } from './wallet-queries';

const TITLE_ID = 'payment-confirm-title';

/**
 * The sheet that says what money does before it moves (product.md section 2, Confirm sheets): what the fan
 * gives from their wallet, what the creator receives after fees, that it is tokens and not a shipped item,
 * and one confirm. The confirm waits while the wallet holds less than the amount (tokens of a top-up still
 * on their way).
 */
export function PaymentConfirmSheet({
  isOpen,
  onClose,
  onConfirm,
  isBusy,
  tokens,
  recipientName,
  confirmLabel,
  details,
  title = 'Confirm Your Gift',
  period,
}: {
  isOpen: boolean;
  onClose: () => void;
  onConfirm: () => void;
  isBusy: boolean;
  tokens: number;
  recipientName: string;
  confirmLabel: string;
  details?: ReactNode;
  title?: string;
  /** For a subscription: both figures are per month. */
  period?: 'month';
}) {
  const per = period ? ` a ${period}` : '';
  const wallet = useWallet();
  const balanceCents = wallet.data?.balanceCents;
  const isCovered = balanceCents !== undefined && balanceCents >= tokens * CENTS_PER_TOKEN;
  return (
    <Drawer
      anchor="bottom"
      open={isOpen}
      onClose={isBusy ? undefined : onClose}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-labelledby': TITLE_ID,
          sx: {
            maxWidth: 520,
            mx: 'auto',
            borderTopLeftRadius: 16,
            borderTopRightRadius: 16,
            backgroundImage: 'none',
            px: 2.5,
            pt: 2.5,
            pb: 'calc(20px + env(safe-area-inset-bottom))',
          },
        },
      }}
    >
      <Typography id={TITLE_ID} variant="h6" component="h2" sx={{ fontWeight: 800, mb: 1.5 }}>
        {title}
      </Typography>
      <Box
        component="dl"
        aria-label="What moves"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr auto', rowGap: 1 }}
      >
        <Typography component="dt">You give</Typography>
        <Typography component="dd" sx={{ m: 0, fontWeight: 700, textAlign: 'right' }}>
          {tokenCount(tokens * CENTS_PER_TOKEN)}
          {per}
        </Typography>
        <Typography component="dt">{recipientName} receives</Typography>
        <Typography component="dd" sx={{ m: 0, fontWeight: 700, textAlign: 'right' }}>
          {tokenCount(creatorShareCents(tokens))}
          {per}
        </Typography>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
        {`A gift of tokens to ${recipientName}'s wallet (${formatRate(FEE_RATES.recipientBps)} after fees), not a shipped item.`}
        {period ? '' : ' It cannot be undone.'}
      </Typography>
      {details}
      <Box sx={{ mt: 1.5 }}>
        <BalanceLine balanceCents={balanceCents} isError={wallet.isError} />
      </Box>
      <Box sx={{ display: 'flex', gap: 1, mt: 2.5 }}>
        <Button color="inherit" onClick={onClose} disabled={isBusy} sx={{ flex: 1 }}>
          Cancel
        </Button>
        <Button
          variant="contained"
          onClick={onConfirm}
          disabled={!isCovered}
          loading={isBusy}
          sx={{ flex: 2, minHeight: 48 }}
        >
          {confirmLabel}
        </Button>
      </Box>
    </Drawer>
  );
}

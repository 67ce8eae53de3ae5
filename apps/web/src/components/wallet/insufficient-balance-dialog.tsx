import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { CENTS_PER_TOKEN, formatDollars, topUpPrice } from '@sweetwish/shared/money';
import { WALLET_MESSAGES } from '@sweetwish/shared/wallet-rules';
import { useEffect, useRef } from 'react';
import { notify } from '../../lib/notification-store';
import {
  type InsufficientBalanceData,
  readInsufficientBalance,
  type ShortfallPurpose,
  shortfallPurpose,
} from './insufficient-balance';
import { useStartTopUp } from './top-up';

const TITLE_ID = 'insufficient-balance-title';

/** An amount of tokens as dollars, cents included when there are any: "$25", "$12.50". */
const asDollars = (tokens: number) => formatDollars(Math.round(tokens * CENTS_PER_TOKEN));

/**
 * The Insufficient Balance dialog (product.md section 2), opened by the buy flow with its data in the navigation
 * state. "Add Tokens" buys exactly the tokens missing (at a dollar each, plus the service fee) and goes to
 * the card checkout. Data that is missing or not numeric shows "Unable to load balance information" and
 * closes the dialog.
 */
export function InsufficientBalanceDialog({
  isOpen,
  state,
  onClose,
}: {
  isOpen: boolean;
  state: unknown;
  onClose: () => void;
}) {
  // Closing turns the flag off and leaves the data, so the dialog keeps its text while it fades out.
  const data = readInsufficientBalance(state);
  const isInvalid = isOpen && data === null;
  const hasReported = useRef(false);

  useEffect(() => {
    if (!isInvalid) {
      hasReported.current = false;
      return;
    }
    if (hasReported.current) return;
    hasReported.current = true;
    notify(WALLET_MESSAGES.noBalanceInfo);
    onClose();
  }, [isInvalid, onClose]);

  return (
    <Dialog open={isOpen && data !== null} onClose={onClose} aria-labelledby={TITLE_ID} fullWidth maxWidth="xs">
      {data && <DialogBody data={data} purpose={shortfallPurpose(state)} onClose={onClose} />}
    </Dialog>
  );
}

function DialogBody({
  data,
  purpose,
  onClose,
}: {
  data: InsufficientBalanceData;
  purpose: ShortfallPurpose;
  onClose: () => void;
}) {
  const { start, isStarting } = useStartTopUp();
  const needed = data.tokensNeeded.toLocaleString('en-US');
  const price = topUpPrice(data.tokensNeeded);
  return (
    <>
      <DialogTitle id={TITLE_ID} sx={{ fontWeight: 800 }}>
        Insufficient Balance
      </DialogTitle>
      <DialogContent>
        <Typography sx={{ fontWeight: 700, mb: 1 }}>You need {needed} more tokens.</Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {purpose.costLabel}: {asDollars(data.productCost)} | Current balance: {asDollars(data.currentBalance)}
        </Typography>
        <Typography>
          This will add {needed} tokens to your wallet - the minimum needed to complete your {purpose.noun}.
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          You pay {formatDollars(price.totalCents)}, a {formatDollars(price.serviceFeeCents)} service fee included.
        </Typography>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} color="inherit">
          Cancel
        </Button>
        <Button
          variant="contained"
          disabled={isStarting}
          onClick={() => start(data.tokensNeeded)}
          sx={{ minWidth: 130 }}
        >
          {isStarting ? <CircularProgress size={22} color="inherit" aria-label="Starting checkout" /> : 'Add Tokens'}
        </Button>
      </DialogActions>
    </>
  );
}

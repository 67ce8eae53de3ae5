import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { CENTS_PER_TOKEN } from '@sweetwish/shared/money';
import { tokenCount } from './token-count';
import type { TopUpAdded } from './top-up-intent';
import { useWallet } from './wallet-queries';

/**
 * What every return from a top-up says (product.md section 4, Top-up): "N tokens added" and the new balance.
 * The tokens arrive with the card provider's webhook, a moment after the return: until the balance shows
 * them it says "Adding N tokens…"; the balance follows live.
 */
export function TopUpAddedNotice({ added, onClose }: { added: TopUpAdded | null; onClose: () => void }) {
  const wallet = useWallet();
  const balanceCents = wallet.data?.balanceCents;
  const tokens = added ? tokenCount(added.tokens * CENTS_PER_TOKEN) : '';
  const isCredited =
    added !== null &&
    balanceCents !== undefined &&
    (added.balanceCentsBefore === null || balanceCents >= added.balanceCentsBefore + added.tokens * CENTS_PER_TOKEN);
  return (
    // Below the top bar, so the menu and back buttons stay in reach; only the notice itself takes taps.
    <Snackbar
      open={added !== null}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      sx={{ top: { xs: 72, sm: 80 }, pointerEvents: 'none' }}
    >
      <Alert
        severity={isCredited ? 'success' : 'info'}
        onClose={onClose}
        role="status"
        sx={{ pointerEvents: 'auto', boxShadow: 3 }}
      >
        {isCredited ? `${tokens} added` : `Adding ${tokens}…`}
        {isCredited && balanceCents !== undefined && ` · Your balance: ${tokenCount(balanceCents)}`}
      </Alert>
    </Snackbar>
  );
}

import WalletIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { formatDollars } from '@sweetwish/shared/money';
import type { PendingEarning } from '@sweetwish/shared/wallet';
import { useState } from 'react';
import { Link } from 'react-router';
import { AppTopBar } from '../../../components/app-top-bar';
import { RequireSignIn } from '../../../components/require-sign-in';
import { tokenCount } from '../../../components/wallet/token-count';
import { useOpenTokenMenu, useWallet, walletOptions } from '../../../components/wallet/wallet-queries';
import { loadSignedInQueries } from '../../../lib/route-loader';
import { payoutAccountOptions, withdrawalsOptions } from '../api/payout-calls';
import { EarningsStatement } from '../components/earnings-statement';
import { RequestWithdrawalCard } from '../components/request-withdrawal-card';
import { WithdrawalHistory } from '../components/withdrawal-history';

/** The balance, the payout account and the withdrawals load together. */
export function balanceLoader() {
  return loadSignedInQueries(walletOptions, payoutAccountOptions, withdrawalsOptions);
}

/**
 * /balance (product.md section 2): the signed-in user's wallet, the Request Withdrawal card (by payout account
 * status), the withdrawal history and the earnings statement.
 */
export function BalancePage() {
  return (
    <>
      <AppTopBar hasBack />
      <RequireSignIn>
        <Box component="main" sx={{ maxWidth: 560, mx: 'auto', px: 2.5, pt: { xs: 3, sm: 5 }, pb: 6 }}>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 800, letterSpacing: '-0.02em', mb: 3 }}>
            Balance
          </Typography>
          <CurrentBalanceCard />
          <RequestWithdrawalCard />
          <WithdrawalHistory />
          <EarningsStatement />
          <Button component={Link} to="/subscriptions" variant="outlined" fullWidth sx={{ mt: 3 }}>
            Subscriptions
          </Button>
        </Box>
      </RequireSignIn>
    </>
  );
}

/**
 * "Current Balance" (product.md section 2, issues 14 and 49): the large figure is every token the user has,
 * the same figure as the side menu and the profile card, with "N tokens to spend" under it; then the part
 * that can be withdrawn (cleared earnings), labelled "Available for withdrawal", and, when some earnings
 * are still clearing, "Pending: N tokens, available on DATE", which opens the list of pending amounts with
 * their dates. Then "Add Tokens" (the token menu).
 */
function CurrentBalanceCard() {
  const wallet = useWallet();
  const openTokenMenu = useOpenTokenMenu();
  const data = wallet.data;
  return (
    <Box
      component="section"
      aria-labelledby="current-balance-heading"
      sx={{ p: 3, borderRadius: 3, border: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'text.secondary', mb: 1 }}>
        <Box sx={{ display: 'flex', color: 'primary.main' }}>
          <WalletIcon sx={{ fontSize: 20 }} />
        </Box>
        <Typography id="current-balance-heading" component="h2" sx={{ fontWeight: 700 }}>
          Current Balance
        </Typography>
      </Box>
      {wallet.isPending ? (
        <>
          <Skeleton width={140} height={56} aria-label="Loading balance" />
          <Skeleton width={90} />
        </>
      ) : data === undefined ? (
        <Typography color="text.secondary" sx={{ py: 1 }}>
          The balance could not be loaded. Try again later.
        </Typography>
      ) : (
        <>
          <Typography data-testid="total-balance" sx={{ fontWeight: 800, fontSize: 44, lineHeight: 1.2 }}>
            {formatDollars(data.balanceCents)}
          </Typography>
          <Typography data-testid="spendable-balance" color="text.secondary">
            {tokenCount(data.balanceCents)} to spend
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, mt: 2 }}>
            <Typography data-testid="available-balance" sx={{ fontWeight: 700 }}>
              {formatDollars(data.availableCents)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Available for withdrawal
            </Typography>
          </Box>
          <PendingEarnings pending={data.pending} pendingCents={data.pendingCents} />
        </>
      )}
      <Button variant="contained" size="large" fullWidth onClick={openTokenMenu} sx={{ mt: 3 }}>
        Add Tokens
      </Button>
    </Box>
  );
}

const dateOf = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** "Pending: N tokens, available on DATE" (the soonest), opening the list of pending amounts and dates. */
function PendingEarnings({ pending, pendingCents }: { pending: PendingEarning[]; pendingCents: number }) {
  const [isOpen, setOpen] = useState(false);
  const next = pending[0];
  if (pendingCents === 0 || !next) return null;
  return (
    <Box sx={{ mt: 0.5 }}>
      {/* The amount opens the list; the date follows as text, so on a phone the line wraps between them and
          never inside the button's label. */}
      <Typography variant="body2" color="text.secondary">
        <Button
          variant="text"
          size="small"
          aria-expanded={isOpen}
          aria-controls="pending-earnings-list"
          onClick={() => setOpen((open) => !open)}
          sx={{ p: 0, minWidth: 0, color: 'inherit', fontWeight: 400, whiteSpace: 'nowrap', verticalAlign: 'baseline' }}
        >
          Pending: {tokenCount(pendingCents)}
        </Button>
        , available on {dateOf(next.availableAt)}
      </Typography>
      <Collapse in={isOpen}>
        <Box component="ul" id="pending-earnings-list" sx={{ m: 0, pl: 2.5, color: 'text.secondary' }}>
          {pending.map((p) => (
            <li key={p.availableAt}>
              <Typography variant="body2">
                {tokenCount(p.amountCents)}, available on {dateOf(p.availableAt)}
              </Typography>
            </li>
          ))}
        </Box>
      </Collapse>
    </Box>
  );
}

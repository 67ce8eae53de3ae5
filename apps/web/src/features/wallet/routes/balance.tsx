import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { formatDollars } from '@sweetwish/shared/money';
import { AppTopBar } from '../../../components/app-top-bar';
import { RequireSignIn } from '../../../components/require-sign-in';
import { tokenCount } from '../../../components/wallet/token-count';
import { WalletIcon } from '../../../components/wallet/wallet-icons';
import { useOpenTokenMenu, useWallet } from '../../../lib/wallet';
import { EarningsStatement } from '../components/earnings-statement';
import { RequestWithdrawalCard } from '../components/request-withdrawal-card';
import { WithdrawalHistory } from '../components/withdrawal-history';

/**
 * /balance (spec section 2): the signed-in user's wallet, the Request Withdrawal card (by payout account
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
        </Box>
      </RequireSignIn>
    </>
  );
}

/** "Current Balance" in dollars and tokens, what can be withdrawn, and "Add Tokens" (the token menu). */
function CurrentBalanceCard() {
  const wallet = useWallet();
  const openTokenMenu = useOpenTokenMenu();
  const cents = wallet.data?.balanceCents;
  return (
    <Box
      component="section"
      aria-labelledby="current-balance-heading"
      sx={{ p: 3, borderRadius: 3, border: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'text.secondary', mb: 1 }}>
        <Box sx={{ display: 'flex', color: 'primary.main' }}>
          <WalletIcon size={20} />
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
      ) : cents === undefined ? (
        <Typography color="text.secondary" sx={{ py: 1 }}>
          The balance could not be loaded. Try again later.
        </Typography>
      ) : (
        <>
          <Typography sx={{ fontWeight: 800, fontSize: 44, lineHeight: 1.2 }}>{formatDollars(cents)}</Typography>
          <Typography color="text.secondary">{tokenCount(cents)}</Typography>
        </>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        Available for withdrawal
      </Typography>
      <Button variant="contained" size="large" fullWidth onClick={openTokenMenu} sx={{ mt: 3 }}>
        Add Tokens
      </Button>
    </Box>
  );
}

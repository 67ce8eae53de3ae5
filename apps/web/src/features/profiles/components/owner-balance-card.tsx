import WalletIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import EyeOffIcon from '@mui/icons-material/VisibilityOffOutlined';
import EyeIcon from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { formatDollars } from '@sweetwish/shared/money';
import { Link } from 'react-router';
import { tokenCount } from '../../../components/wallet/token-count';
import { useWallet } from '../../../components/wallet/wallet-queries';
import { useShowMoney } from '../../../lib/show-money';

/**
 * The owner's balance on their own profile (product.md section 2, Public profile): the amount, a toggle that hides
 * it (remembered on this device, shown by default) and "Manage", leading to /balance.
 */
export function OwnerBalanceCard({ height }: { height: number }) {
  const wallet = useWallet();
  const [isShown, setIsShown] = useShowMoney();
  const cents = wallet.data?.balanceCents;
  return (
    <Box
      component="section"
      aria-label="Your balance"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        minHeight: height,
        px: 2,
        borderRadius: 3,
        border: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
      }}
    >
      <Box sx={{ display: 'flex', color: 'primary.main' }}>
        <WalletIcon />
      </Box>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', lineHeight: 1.2 }}>
          Balance
        </Typography>
        {wallet.isPending ? (
          <Skeleton width={96} height={32} aria-label="Loading balance" />
        ) : (
          <Typography sx={{ fontWeight: 800, fontSize: 22 }} noWrap>
            {!isShown ? '••••' : cents === undefined ? '–' : formatDollars(cents)}
            {/* A space, not only a margin: screen readers and copied text read "$0 0 tokens", not "$00 tokens". */}
            {isShown && cents !== undefined && ' '}
            {isShown && cents !== undefined && (
              <Typography component="span" color="text.secondary" sx={{ ml: 0.5, fontSize: 14, fontWeight: 400 }}>
                {tokenCount(cents)}
              </Typography>
            )}
          </Typography>
        )}
      </Box>
      <IconButton aria-label={isShown ? 'Hide balance' : 'Show balance'} onClick={() => setIsShown(!isShown)}>
        {isShown ? <EyeOffIcon sx={{ fontSize: 20 }} /> : <EyeIcon sx={{ fontSize: 20 }} />}
      </IconButton>
      <Button component={Link} to="/balance" variant="outlined" size="small" sx={{ borderRadius: 5 }}>
        Manage
      </Button>
    </Box>
  );
}

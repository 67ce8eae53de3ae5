import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Drawer from '@mui/material/Drawer';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import { FEE_RATES, formatRate } from '@sweetwish/shared/fees';
import { formatDollars, TOKEN_PACKAGES, type TopUpPrice, topUpPrice } from '@sweetwish/shared/money';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { signInPathFor } from '../../lib/return-path';
import { useMe } from '../../lib/session';
import { tokenCount } from './token-count';
import { useStartTopUp } from './top-up';
import { useWallet } from './wallet-queries';

const TITLE_ID = 'token-menu-title';

/**
 * The token purchase menu (product.md section 2): a bottom sheet listing the token packages (section 9), with the
 * price, the service fee and the total of the chosen one before paying (architecture.md section 3). Confirming
 * starts the card checkout and sends the browser there. Signed-out visitors are asked to sign in.
 */
export function TokenMenu({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  return (
    <Drawer
      anchor="bottom"
      open={isOpen}
      onClose={onClose}
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
      <TokenMenuContent />
    </Drawer>
  );
}

function TokenMenuContent() {
  const { me, isLoading } = useMe();
  const location = useLocation();
  if (isLoading) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
        <Title />
        <CircularProgress aria-label="Loading" sx={{ mt: 2 }} />
      </Box>
    );
  }
  if (!me) {
    return (
      <Box sx={{ textAlign: 'center' }}>
        <Title />
        <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
          Sign in to buy tokens.
        </Typography>
        <Button
          component={Link}
          to={signInPathFor(`${location.pathname}${location.search}`)}
          variant="contained"
          size="large"
          fullWidth
        >
          Sign In / Sign Up
        </Button>
      </Box>
    );
  }
  return <PackagePicker />;
}

function Title() {
  return (
    <Typography id={TITLE_ID} variant="h6" component="h2" sx={{ fontWeight: 800 }}>
      Buy Tokens
    </Typography>
  );
}

function PackagePicker() {
  const [quantity, setQuantity] = useState<number>(TOKEN_PACKAGES[0].quantity);
  const { start, isStarting } = useStartTopUp();
  const wallet = useWallet();
  return (
    <>
      <Title />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        1 token = $1
        {wallet.data && ` · You have ${tokenCount(wallet.data.balanceCents)}`}
      </Typography>
      <TokenPackageList selected={quantity} onSelect={setQuantity} isDisabled={isStarting} />
      <PriceSummary price={topUpPrice(quantity)} />
      <Button
        variant="contained"
        size="large"
        fullWidth
        disabled={isStarting}
        onClick={() => start(quantity)}
        sx={{ mt: 2.5, minHeight: 48 }}
      >
        {isStarting ? (
          <CircularProgress size={24} color="inherit" aria-label="Starting checkout" />
        ) : (
          `Buy ${quantity.toLocaleString('en-US')} Tokens`
        )}
      </Button>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1.5, textAlign: 'center' }}>
        You pay on our card provider's secure page; we never see your card details.
      </Typography>
    </>
  );
}

/** The packages as a single-choice list; a discounted one shows its original price struck through. */
export function TokenPackageList({
  selected,
  onSelect,
  isDisabled = false,
}: {
  selected: number;
  onSelect: (quantity: number) => void;
  isDisabled?: boolean;
}) {
  return (
    <Box role="radiogroup" aria-label="Token packages" sx={{ display: 'grid', gap: 1 }}>
      {TOKEN_PACKAGES.map((pack) => {
        const price = topUpPrice(pack.quantity);
        const isDiscounted = price.priceCents < price.basePriceCents;
        const isSelected = pack.quantity === selected;
        return (
          <ListItemButton
            key={pack.quantity}
            role="radio"
            aria-checked={isSelected}
            selected={isSelected}
            disabled={isDisabled}
            onClick={() => onSelect(pack.quantity)}
            sx={{
              borderRadius: 2,
              border: 1,
              borderColor: isSelected ? 'primary.main' : 'divider',
              gap: 1.5,
              py: 1.25,
            }}
          >
            {/* Name and chip, then the prices: each keeps to one line, even 390 px wide. */}
            <Box sx={{ flexGrow: 1, display: 'flex', alignItems: 'center', gap: 1, minWidth: 0, flexWrap: 'wrap' }}>
              <Typography sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                {pack.quantity.toLocaleString('en-US')} Tokens
              </Typography>
              {'discountPercent' in pack && (
                <Typography
                  component="span"
                  variant="caption"
                  sx={{
                    px: 1,
                    py: 0.25,
                    borderRadius: 5,
                    bgcolor: 'primary.main',
                    color: 'primary.contrastText',
                    whiteSpace: 'nowrap',
                  }}
                >
                  {pack.discountPercent}% off
                </Typography>
              )}
            </Box>
            <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexShrink: 0, whiteSpace: 'nowrap' }}>
              {isDiscounted && (
                <Typography component="s" variant="body2" color="text.secondary">
                  {formatDollars(price.basePriceCents)}
                </Typography>
              )}
              <Typography component="span" sx={{ fontWeight: 700 }}>
                {formatDollars(price.priceCents)}
              </Typography>
            </Box>
          </ListItemButton>
        );
      })}
    </Box>
  );
}

/** What the card is charged: the tokens' price, the service fee and the total. */
export function PriceSummary({ price }: { price: TopUpPrice }) {
  const rows: [label: string, cents: number][] = [
    [`${price.quantity.toLocaleString('en-US')} tokens`, price.priceCents],
    [
      `Service fee (${formatRate(FEE_RATES.topUpServiceFeeBps)}, at most ${formatDollars(FEE_RATES.topUpServiceFeeCapCents)})`,
      price.serviceFeeCents,
    ],
    ['Total', price.totalCents],
  ];
  return (
    <Box
      component="dl"
      aria-label="Price"
      sx={{ m: 0, mt: 2, display: 'grid', gridTemplateColumns: '1fr auto', rowGap: 0.5 }}
    >
      {rows.map(([label, cents]) => {
        const isTotal = label === 'Total';
        return (
          <Box key={label} sx={{ display: 'contents', fontWeight: isTotal ? 700 : 400 }}>
            <Typography
              component="dt"
              color={isTotal ? 'text.primary' : 'text.secondary'}
              sx={{ fontWeight: 'inherit' }}
            >
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, textAlign: 'right', fontWeight: 'inherit' }}>
              {formatDollars(cents)}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}

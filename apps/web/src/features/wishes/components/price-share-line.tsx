import Typography from '@mui/material/Typography';
import { FEE_RATES, formatRate } from '@sweetwish/shared/fees';
import { formatDollars } from '@sweetwish/shared/money';
import type { WishFields } from '@sweetwish/shared/wishes';
import { type Control, useWatch } from 'react-hook-form';
import { creatorShareCents } from '../../../components/wallet/creator-share';
import type { WishFormValues } from '../lib/wish-form';

/** The price as typed ("1,250") in whole tokens, or 0 while it is not one. */
function typedTokens(price: string | undefined): number {
  const digits = (price ?? '').replace(/,/g, '');
  return /^\d+$/.test(digits) ? Number(digits) : 0;
}

/**
 * Under the wish's text fields on the create and edit screens: what the creator's wallet receives for it, by the server's
 * own split (shared fee constants). An inviter's affiliate share comes out of the platform fee, not this.
 */
export function PriceShareLine({
  control,
  isMonthly,
}: {
  control: Control<WishFormValues, unknown, WishFields>;
  isMonthly: boolean;
}) {
  const tokens = typedTokens(useWatch({ control, name: 'price' }));
  if (tokens === 0) return null;
  return (
    <Typography variant="body2" color="text.secondary" role="status">
      {`You receive ${formatDollars(creatorShareCents(tokens))}${isMonthly ? ' a month' : ''} (${formatRate(FEE_RATES.recipientBps)} after fees) for each ${isMonthly ? 'subscriber' : 'purchase'}.`}
    </Typography>
  );
}

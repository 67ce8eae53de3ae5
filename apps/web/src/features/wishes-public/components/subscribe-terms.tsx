import Typography from '@mui/material/Typography';
import { addMonths, formatChargeDate } from '@sweetwish/shared/subscriptions';

/**
 * What a subscription commits the fan to, shown before the first charge (product.md section 2, Confirm
 * sheets): charged now, the next charge a month later, and how to stop it before then.
 */
export function SubscribeTerms({ tokens, now = new Date() }: { tokens: number; now?: Date }) {
  const next = formatChargeDate(addMonths(now, 1).toISOString());
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
      {`${tokens.toLocaleString('en-US')} tokens are charged from your wallet now, then every month. Next charge: ${next}. Cancel any time in Subscriptions before then and nothing more is charged; it runs until the paid month ends.`}
    </Typography>
  );
}

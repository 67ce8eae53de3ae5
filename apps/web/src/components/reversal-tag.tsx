import Typography from '@mui/material/Typography';
import { reversalLabel } from '@sweetwish/shared/wallet-rules';

/** "Reversed" or "Partly reversed" under a gift's amount when the fan's card payment was refunded or disputed. */
export function ReversalTag({ gift }: { gift: { costCents: number; reversedCents: number } }) {
  const label = reversalLabel(gift);
  if (!label) return null;
  return (
    <Typography variant="caption" color="error" sx={{ display: 'block', fontWeight: 600 }}>
      {label}
    </Typography>
  );
}

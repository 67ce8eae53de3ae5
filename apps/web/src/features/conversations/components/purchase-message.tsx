import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Message } from '@sweetwish/shared/conversations';
import { formatDollars } from '@sweetwish/shared/money';
import { ReversalTag } from '../../../components/reversal-tag';
import { WishImage } from '../../../components/wish-image';

/**
 * The message a conversation opens with (product.md section 2: a purchase message, shown for standard gifts and
 * tips): the wish's picture, name and price, or the tip's amount; "Reversed" when the fan's card payment was
 * refunded or disputed.
 */
export function PurchaseMessage({ purchase }: { purchase: NonNullable<Message['purchase']> }) {
  if (purchase.type === 'tip') {
    return (
      <Box sx={{ minWidth: 140 }}>
        <Typography variant="caption" sx={{ display: 'block', opacity: 0.8, fontWeight: 600 }}>
          Tip
        </Typography>
        <Typography sx={{ fontWeight: 800, fontSize: 28, lineHeight: 1.2 }}>
          {formatDollars(purchase.costCents)}
        </Typography>
        <ReversalTag gift={purchase} />
        <FanMessage message={purchase.message} />
      </Box>
    );
  }
  const name = purchase.product?.name ?? "It's a surprise!";
  return (
    <Box sx={{ width: 220, maxWidth: '100%' }}>
      <Typography variant="caption" sx={{ display: 'block', opacity: 0.8, fontWeight: 600, mb: 0.75 }}>
        Gift
      </Typography>
      <WishImage src={purchase.product?.image} alt={name} rounded={2} />
      <Typography sx={{ fontWeight: 700, mt: 1, overflowWrap: 'anywhere' }}>{name}</Typography>
      <Typography sx={{ fontWeight: 800 }}>{formatDollars(purchase.costCents)}</Typography>
      <ReversalTag gift={purchase} />
      <FanMessage message={purchase.message} />
    </Box>
  );
}

/** The fan's message with the purchase (decision 100): text only, so a link or markup in it stays text. */
function FanMessage({ message }: { message: string | null }) {
  if (message === null) return null;
  return <Typography sx={{ mt: 1, fontStyle: 'italic', overflowWrap: 'anywhere' }}>{message}</Typography>;
}

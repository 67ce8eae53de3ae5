import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { formatTokens } from '@sweetwish/shared/money';

/** A group gift's progress bar, funded of price (decision 033): on the wish page and the wishlist's cards. */
export function GroupGiftProgress({
  fundedCents,
  costCents,
  isCompact = false,
}: {
  fundedCents: number;
  costCents: number;
  isCompact?: boolean;
}) {
  const percent = costCents > 0 ? Math.min(100, Math.round((fundedCents / costCents) * 100)) : 0;
  const label = `$${formatTokens(fundedCents)} of $${formatTokens(costCents)} funded`;
  return (
    // Spans only: it sits inside the wishlist's card buttons too.
    <Box component="span" sx={{ display: 'block' }}>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label={label}
        sx={{ height: isCompact ? 6 : 10, borderRadius: 999 }}
      />
      <Typography
        component="span"
        variant={isCompact ? 'caption' : 'body2'}
        color="text.secondary"
        sx={{ mt: 0.5, display: 'block' }}
      >
        {label}
      </Typography>
    </Box>
  );
}

import Typography from '@mui/material/Typography';
import { FEE_RATES, formatRate } from '@sweetwish/shared/fees';
import { CENTS_PER_TOKEN } from '@sweetwish/shared/money';
import { creatorShareCents } from './creator-share';
import { tokenCount } from './token-count';

/** What a contribution moves, before it is sent: the fan's tokens and the creator's share after fees. */
export function CreatorReceivesLine({ recipientName, tokens }: { recipientName: string; tokens: number }) {
  return (
    <Typography variant="body2" aria-label="What moves">
      {`You give ${tokenCount(tokens * CENTS_PER_TOKEN)}; ${recipientName} receives ${tokenCount(creatorShareCents(tokens))} (${formatRate(FEE_RATES.recipientBps)} after fees) once the wish is fully funded, as tokens, not a shipped item.`}
    </Typography>
  );
}

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  GROUP_GIFT_MESSAGES,
  type GroupGiftProgress as Progress,
  remainingTokens,
} from '@sweetwish/shared/group-gifts';
import { formatTokens } from '@sweetwish/shared/money';
import type { WishPage } from '@sweetwish/shared/wishes';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { CenteredSpinner } from '../../../components/centered-spinner';
import { GroupGiftProgress } from '../../../components/group-gift-progress';
import { pathWithIntent, TOP_UP_INTENT, type TopUpIntent } from '../../../components/wallet/top-up-intent';
import { useResumeIntent } from '../../../components/wallet/use-resume-intent';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notification-store';
import { signInPathFor } from '../../../lib/return-path';
import { useMe } from '../../../lib/session';
import { groupGiftOptions, useTakeBack } from '../api/group-gift-calls';
import { insufficientBalanceState } from '../lib/buy-flow';
import { ContributeDialog } from './contribute-dialog';

/**
 * A group gift on its wish page (decision 033): the progress bar, how many fans contributed and who
 * ("Anonymous" for those who chose it), a Contribute button in place of Buy, and the viewer's own
 * contributions with "Take Back" while the creator allows it.
 */
export function GroupGiftSection({ page: { wish, seller } }: { page: WishPage }) {
  const progress = useQuery(groupGiftOptions(wish.id));
  if (progress.isPending) return <CenteredSpinner label="Loading group gift" />;
  if (progress.isError) return <Typography color="error">The group gift could not be loaded.</Typography>;
  return (
    <GroupGiftDetails progress={progress.data} wishId={wish.id} sellerId={seller.id} sellerName={seller.displayName} />
  );
}

function GroupGiftDetails({
  progress,
  wishId,
  sellerId,
  sellerName,
}: {
  progress: Progress;
  wishId: string;
  sellerId: string;
  sellerName: string;
}) {
  const { me, isLoading } = useMe();
  const navigate = useNavigate();
  const [isOpen, setIsOpen] = useState(false);
  const remaining = remainingTokens(progress);
  const isSeller = me?.id === sellerId;
  const here = `/x/${encodeURIComponent(wishId)}`;
  // Back from a sign-in or a top-up: the dialog opens again with the amount the fan chose.
  const [resumed, setResumed] = useState<TopUpIntent | null>(null);
  useResumeIntent('contribute', Boolean(me) && !isSeller && !progress.isFunded, (intent) => {
    setResumed(intent);
    setIsOpen(true);
    return {};
  });

  const open = () => {
    if (me === null)
      navigate(signInPathFor(pathWithIntent(here, { action: 'contribute', tokens: 10, isAnonymous: false })));
    else setIsOpen(true);
  };
  // Too few tokens: the Insufficient Balance dialog for this amount, then back here with the dialog (as Buy does).
  const getTokens = (amountTokens: number, balanceCents: number, isAnonymous: boolean) => {
    setIsOpen(false);
    const state = insufficientBalanceState(amountTokens, balanceCents);
    const intent = { action: 'contribute', tokens: amountTokens, isAnonymous } as const;
    if (state) navigate(here, { replace: true, state: { ...state, [TOP_UP_INTENT]: intent } });
  };

  return (
    <Stack spacing={1.5}>
      <GroupGiftProgress fundedCents={progress.fundedCents} costCents={progress.costCents} />
      <Typography sx={{ fontWeight: 700 }}>
        {progress.contributorCount === 1 ? '1 contributor' : `${progress.contributorCount} contributors`}
      </Typography>
      {progress.contributors.length > 0 && (
        <Box component="ul" aria-label="Contributors" sx={{ m: 0, pl: 2.5 }}>
          {progress.contributors.map((c, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, oldest first, whose rows have no identity of their own (anonymous ones must not)
            <Typography component="li" key={`${c.handle ?? 'anonymous'}-${i}`} color="text.secondary">
              {`${c.displayName ?? 'Anonymous'}: $${formatTokens(c.amountCents)}`}
            </Typography>
          ))}
        </Box>
      )}
      {progress.isFunded ? (
        <Typography sx={{ fontWeight: 700, textAlign: 'center' }}>{GROUP_GIFT_MESSAGES.funded}</Typography>
      ) : (
        <Button
          variant="contained"
          size="large"
          disabled={isLoading || isSeller || remaining < 1}
          onClick={open}
          sx={{ py: 1.5, fontSize: 17 }}
        >
          Contribute
        </Button>
      )}
      <Typography color="text.secondary" sx={{ textAlign: 'center' }}>
        A group gift: fans chip in together, and the wish is granted when it is fully funded.
      </Typography>
      <OwnContributions progress={progress} wishId={wishId} sellerId={sellerId} />
      <ContributeDialog
        wishId={wishId}
        sellerId={sellerId}
        remainingTokens={remaining}
        isOpen={isOpen}
        onClose={() => setIsOpen(false)}
        onGetTokens={getTokens}
        initial={resumed ?? undefined}
        recipientName={sellerName}
      />
    </Stack>
  );
}

const STATUS_TEXT = {
  held: 'Held until the wish is funded',
  granted: 'Granted',
  taken_back: 'Taken back',
  refunded: 'Returned to your wallet',
} as const;

function OwnContributions({ progress, wishId, sellerId }: { progress: Progress; wishId: string; sellerId: string }) {
  const takeBack = useTakeBack(wishId, sellerId);
  if (progress.own.length === 0) return null;
  const take = async (id: string) => {
    try {
      await takeBack.mutateAsync(id);
      notify(GROUP_GIFT_MESSAGES.tookBack, { severity: 'success' });
    } catch (error) {
      notify(error instanceof ApiError ? error.message : GROUP_GIFT_MESSAGES.takeBackFailed);
    }
  };
  return (
    <Stack spacing={1} component="section" aria-label="Your contributions">
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
        Your contributions
      </Typography>
      {progress.own.map((c) => (
        <Stack key={c.id} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography sx={{ flexGrow: 1 }}>
            {`$${formatTokens(c.amountCents)}${c.isAnonymous ? ' (anonymous)' : ''}: ${STATUS_TEXT[c.status]}`}
          </Typography>
          {c.canTakeBack && (
            <Button size="small" onClick={() => void take(c.id)} loading={takeBack.isPending}>
              Take Back
            </Button>
          )}
        </Stack>
      ))}
    </Stack>
  );
}

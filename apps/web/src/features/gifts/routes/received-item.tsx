import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CHAT_MESSAGES } from '@sweetwish/shared/conversation-rules';
import { formatDollars } from '@sweetwish/shared/money';
import type { ReceivedItem } from '@sweetwish/shared/wallet';
import { receivedItemName, reversalLabel, WALLET_MESSAGES } from '@sweetwish/shared/wallet-rules';
import { useEffect, useRef } from 'react';
import { Link, type LoaderFunctionArgs, useParams } from 'react-router';
import { AppTopBar } from '../../../components/app-top-bar';
import { CenteredMessage } from '../../../components/centered-message';
import { CenteredSpinner } from '../../../components/centered-spinner';
import { RequireSignIn } from '../../../components/require-sign-in';
import { UserAvatar } from '../../../components/user-avatar';
import { WishImage } from '../../../components/wish-image';
import { formatMonthDay } from '../../../lib/dates';
import { loadSignedInQueries } from '../../../lib/route-loader';
import { receivedItemOptions, useMarkSeen, useReceivedItem } from '../api/gift-calls';
import { GroupGiftTotals } from '../components/group-gift-totals';
import { MessageButton } from '../components/message-button';

/** The name shown for a buyer who gifted anonymously, or who has no handle (architecture.md section 11). */
const ANONYMOUS = 'Anonymous';

export function receivedItemLoader({ params }: LoaderFunctionArgs) {
  return loadSignedInQueries(receivedItemOptions(params.purchaseId ?? ''));
}

/**
 * A received gift or tip (/received/item/:purchaseId, product.md section 2): the buyer, "Gifted on" and the date,
 * the tip's amount or the wish's picture, name and price, gross, fees and net (architecture.md section 3), and the
 * message button. Opening it marks it seen. "Something went wrong." when it is missing.
 */
export function ReceivedItemPage() {
  const { purchaseId = '' } = useParams();
  return (
    <>
      <AppTopBar hasBack />
      <RequireSignIn>
        <ReceivedItemContent key={purchaseId} purchaseId={purchaseId} />
      </RequireSignIn>
    </>
  );
}

function ReceivedItemContent({ purchaseId }: { purchaseId: string }) {
  const item = useReceivedItem(purchaseId);
  const markSeen = useMarkSeen();
  const hasMarked = useRef(false);
  const isUnseen = item.data?.isSeen === false;

  useEffect(() => {
    if (!isUnseen || hasMarked.current) return;
    hasMarked.current = true;
    markSeen.mutate(purchaseId);
  }, [isUnseen, purchaseId, markSeen.mutate]);

  if (item.isPending) return <CenteredSpinner label="Loading gift" />;
  if (item.isError) return <CenteredMessage title={WALLET_MESSAGES.somethingWrong} />;
  return <ReceivedDetails item={item.data} />;
}

function ReceivedDetails({ item }: { item: ReceivedItem }) {
  const isTip = item.type === 'tip';
  return (
    <Box component="main" sx={{ maxWidth: 520, mx: 'auto', px: 2.5, pt: { xs: 3, sm: 5 }, pb: 8 }}>
      <Stack spacing={3}>
        <Buyer buyer={item.buyer} />
        <Typography color="text.secondary">Gifted on {formatMonthDay(item.createdAt)}</Typography>
        {isTip ? (
          <Box>
            <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }}>
              {receivedItemName(item)}
            </Typography>
            <Typography variant="h3" component="p" color="primary" sx={{ fontWeight: 800, mt: 1 }}>
              {formatDollars(item.costCents)}
            </Typography>
          </Box>
        ) : (
          <Stack spacing={1.5}>
            <WishImage src={item.product?.image} alt={receivedItemName(item)} rounded={3} />
            <Typography variant="h5" component="h1" sx={{ fontWeight: 800, overflowWrap: 'anywhere' }}>
              {receivedItemName(item)}
            </Typography>
            <Typography variant="h5" component="p" color="primary" sx={{ fontWeight: 800 }}>
              {formatDollars(item.costCents)}
            </Typography>
          </Stack>
        )}
        {item.message !== null && (
          // The fan's words as text (decision 100): a link or markup in them is never made live.
          <Box
            component="blockquote"
            aria-label="Message from the fan"
            sx={{ m: 0, pl: 2, borderLeft: 3, borderColor: 'primary.main' }}
          >
            <Typography sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>{item.message}</Typography>
          </Box>
        )}
        <Box component="dl" aria-label="Amounts" sx={{ m: 0, p: 2, borderRadius: 2, bgcolor: 'action.hover' }}>
          <AmountRow label="Gross" value={formatDollars(item.costCents)} />
          <AmountRow label="Fees" value={`−${formatDollars(item.feesCents)}`} />
          <AmountRow label="Net" value={formatDollars(item.netCents)} isStrong />
          {item.reversedCents > 0 && (
            <AmountRow label={reversalLabel(item) ?? ''} value={`−${formatDollars(item.reversedCents)}`} />
          )}
        </Box>
        {item.product && item.isGroupGift && <GroupGiftTotals wishId={item.product.id} />}
        <MessageButton
          target={{ type: 'received', purchaseId: item.id, conversationId: item.conversationId }}
          failureMessage={CHAT_MESSAGES.createFailed}
        />
      </Stack>
    </Box>
  );
}

/** The buyer's photo, name and @handle (to their page), or "Anonymous" with no link. */
function Buyer({ buyer }: { buyer: ReceivedItem['buyer'] }) {
  const content = (
    <>
      <UserAvatar photoUrl={buyer?.photoUrl} name={buyer?.displayName ?? ANONYMOUS} size={56} />
      <Box sx={{ minWidth: 0, textAlign: 'left' }}>
        <Typography sx={{ fontWeight: 700 }} noWrap>
          {buyer?.displayName ?? ANONYMOUS}
        </Typography>
        {buyer && (
          <Typography variant="body2" color="text.secondary" noWrap>
            @{buyer.handle}
          </Typography>
        )}
      </Box>
    </>
  );
  if (!buyer) {
    return (
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, p: 0.5 }}>
        {content}
      </Stack>
    );
  }
  return (
    <ButtonBase
      component={Link}
      to={`/${encodeURIComponent(buyer.handle)}`}
      sx={{
        alignSelf: 'flex-start',
        maxWidth: '100%',
        justifyContent: 'flex-start',
        gap: 1.5,
        borderRadius: 2,
        p: 0.5,
      }}
    >
      {content}
    </ButtonBase>
  );
}

function AmountRow({ label, value, isStrong = false }: { label: string; value: string; isStrong?: boolean }) {
  return (
    <Stack
      direction="row"
      sx={{
        justifyContent: 'space-between',
        py: 0.5,
        ...(isStrong && { borderTop: 1, borderColor: 'divider', mt: 1, pt: 1 }),
      }}
    >
      <Typography component="dt" color={isStrong ? 'text.primary' : 'text.secondary'}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: isStrong ? 800 : 600 }}>
        {value}
      </Typography>
    </Stack>
  );
}

import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { ANONYMOUS_NAME } from '@sweetwish/shared/conversation-rules';
import { formatDollars } from '@sweetwish/shared/money';
import type { ReceivedItem } from '@sweetwish/shared/wallet';
import { isHighlighted, receivedItemName } from '@sweetwish/shared/wallet-rules';
import { Link } from 'react-router';
import { AppTopBar } from '../../../components/app-top-bar';
import { LoadMore } from '../../../components/load-more';
import { RequireSignIn } from '../../../components/require-sign-in';
import { ReversalTag } from '../../../components/reversal-tag';
import { formatMonthDay } from '../../../lib/dates';
import { hasListFailed, itemsOf } from '../../../lib/paged-list';
import { loadSignedInQueries } from '../../../lib/route-loader';
import { receivedOptions, useReceived } from '../api/gift-calls';
import { GiftListLayout } from '../components/gift-list-layout';

export function receivedLoader() {
  return loadSignedInQueries(receivedOptions);
}

/** Received (/received, product.md section 2): the gifts and tips the signed-in user received, newest first. */
export function ReceivedPage() {
  return (
    <>
      <AppTopBar hasBack />
      <RequireSignIn>
        <ReceivedContent />
      </RequireSignIn>
    </>
  );
}

function ReceivedContent() {
  const received = useReceived();
  const rows = itemsOf(received.data);
  return (
    <GiftListLayout
      title="Received"
      section="Received Gifts"
      isPending={received.isPending}
      isError={hasListFailed(received)}
      isEmpty={rows.length === 0}
    >
      <List aria-label="Received Gifts">
        {rows.map((item) => (
          <ReceivedRow key={item.id} item={item} />
        ))}
      </List>
      <LoadMore list={received} label="Loading more received gifts" />
    </GiftListLayout>
  );
}

/**
 * A blue dot while unseen, the name, who gave it (their display name, or "Anonymous") with the date ("Nov
 * 22nd"), and the amount; big gifts are highlighted.
 */
function ReceivedRow({ item }: { item: ReceivedItem }) {
  const isBig = isHighlighted(item);
  return (
    <ListItemButton
      component={Link}
      to={`/received/item/${encodeURIComponent(item.id)}`}
      sx={{
        borderRadius: 2,
        gap: 1.5,
        mb: 0.5,
        ...(isBig && { bgcolor: 'rgba(240, 98, 146, 0.16)', '&:hover': { bgcolor: 'rgba(240, 98, 146, 0.24)' } }),
      }}
    >
      <Box sx={{ width: 10, flexShrink: 0, display: 'flex', justifyContent: 'center' }}>
        {!item.isSeen && (
          <Box role="img" aria-label="Unseen" sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: '#2196f3' }} />
        )}
      </Box>
      <ListItemText
        primary={receivedItemName(item)}
        // A subscription's later month reads as such (decision 034).
        secondary={`From ${item.buyer?.displayName ?? ANONYMOUS_NAME} · ${item.isRenewal ? 'Renewal · ' : ''}${formatMonthDay(item.createdAt)}`}
        slotProps={{ primary: { sx: { fontWeight: item.isSeen ? 500 : 700, overflowWrap: 'anywhere' } } }}
      />
      <Box sx={{ textAlign: 'right', flexShrink: 0 }}>
        <Typography sx={{ fontWeight: 700 }}>{formatDollars(item.costCents)}</Typography>
        <ReversalTag gift={item} />
      </Box>
    </ListItemButton>
  );
}

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { CHAT_MESSAGES } from '@sweetwish/shared/conversation-rules';
import { formatDollars } from '@sweetwish/shared/money';
import type { Purchase } from '@sweetwish/shared/wallet';
import { Link } from 'react-router';
import { AppTopBar } from '../../../components/app-top-bar';
import {
  messageButtonLabel,
  useOpenPurchaseConversation,
} from '../../../components/conversations/purchase-conversation';
import { LoadMore } from '../../../components/load-more';
import { RequireSignIn } from '../../../components/require-sign-in';
import { ReversalTag } from '../../../components/reversal-tag';
import { UserAvatar } from '../../../components/user-avatar';
import { formatMonthDayTime } from '../../../lib/dates';
import { hasListFailed, itemsOf } from '../../../lib/paged-list';
import { loadSignedInQueries } from '../../../lib/route-loader';
import { purchasesOptions, usePurchases } from '../api/gift-calls';
import { GiftListLayout } from '../components/gift-list-layout';

/** What a purchase row is called: the wish's name, or "Tip" for a tip (product.md section 2, Purchases). */
export function purchaseName(purchase: Pick<Purchase, 'type' | 'product'>): string {
  if (purchase.type === 'tip') return 'Tip';
  return purchase.product?.name ?? "It's a surprise!";
}

export function purchasesLoader() {
  return loadSignedInQueries(purchasesOptions);
}

/** Purchases (/purchases, product.md section 2): what the signed-in user bought and tipped, newest first. */
export function PurchasesPage() {
  return (
    <>
      <AppTopBar hasBack />
      <RequireSignIn>
        <PurchasesContent />
        <Box sx={{ maxWidth: 600, mx: 'auto', px: 2.5, pb: 6 }}>
          <Button component={Link} to="/subscriptions" variant="outlined" fullWidth>
            My Subscriptions
          </Button>
        </Box>
      </RequireSignIn>
    </>
  );
}

function PurchasesContent() {
  const purchases = usePurchases();
  const rows = itemsOf(purchases.data);
  const { open, openingPurchaseId } = useOpenPurchaseConversation();
  return (
    <GiftListLayout
      title="Purchases"
      section="Purchases Made"
      isPending={purchases.isPending}
      isError={hasListFailed(purchases)}
      isEmpty={rows.length === 0}
    >
      <List aria-label="Purchases Made">
        {rows.map((purchase) => (
          <PurchaseRow
            key={purchase.id}
            purchase={purchase}
            isOpening={openingPurchaseId === purchase.id}
            isDisabled={openingPurchaseId !== null}
            onOpen={() =>
              open(
                { type: 'purchase', purchaseId: purchase.id, conversationId: purchase.conversationId },
                CHAT_MESSAGES.somethingWrong,
              )
            }
          />
        ))}
      </List>
      <LoadMore list={purchases} label="Loading more purchases" />
    </GiftListLayout>
  );
}

/**
 * One purchase: the seller's photo, the name and the time, the amount. The row is its message button (product.md
 * section 2): it opens the purchase's conversation, creating it first when there is none.
 */
function PurchaseRow({
  purchase,
  isOpening,
  isDisabled,
  onOpen,
}: {
  purchase: Purchase;
  isOpening: boolean;
  isDisabled: boolean;
  onOpen: () => void;
}) {
  const { seller } = purchase;
  return (
    <ListItemButton onClick={onOpen} disabled={isDisabled} sx={{ borderRadius: 2, gap: 1 }}>
      <ListItemAvatar>
        <UserAvatar photoUrl={seller.photoUrl} name={seller.displayName} size={44} />
      </ListItemAvatar>
      <ListItemText
        primary={purchaseName(purchase)}
        // A subscription's later month reads as such (decision 034).
        secondary={`${seller.displayName}${purchase.isRenewal ? ' · Renewal' : ''} · ${formatMonthDayTime(purchase.createdAt)}`}
        slotProps={{ primary: { sx: { fontWeight: 600, overflowWrap: 'anywhere' } } }}
      />
      <Box sx={{ textAlign: 'right', flexShrink: 0 }}>
        <Typography sx={{ fontWeight: 700 }}>{formatDollars(purchase.costCents)}</Typography>
        <ReversalTag gift={purchase} />
        <Typography variant="caption" color="primary" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          {isOpening && <CircularProgress size={10} color="inherit" aria-hidden />}
          {messageButtonLabel(purchase.conversationId)}
        </Typography>
      </Box>
    </ListItemButton>
  );
}

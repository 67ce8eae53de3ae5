import List from '@mui/material/List';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { formatDollars } from '@sweetwish/shared/money';
import type { Purchase } from '@sweetwish/shared/wallet';
import { Link } from 'react-router';
import { AppTopBar } from '../../../components/app-top-bar';
import { RequireSignIn } from '../../../components/require-sign-in';
import { UserAvatar } from '../../../components/user-avatar';
import { formatMonthDayTime } from '../../../lib/dates';
import { usePurchases } from '../api/gift-calls';
import { GiftListLayout } from '../components/gift-list-layout';

/** What a purchase row is called: the wish's name, or "Tip" for a tip (spec section 2, Purchases). */
export function purchaseName(purchase: Pick<Purchase, 'type' | 'product'>): string {
  if (purchase.type === 'tip') return 'Tip';
  return purchase.product?.name ?? "It's a surprise!";
}

/** Purchases (/purchases, spec section 2): what the signed-in user bought and tipped, newest first. */
export function PurchasesPage() {
  return (
    <>
      <AppTopBar hasBack />
      <RequireSignIn>
        <PurchasesContent />
      </RequireSignIn>
    </>
  );
}

function PurchasesContent() {
  const purchases = usePurchases();
  return (
    <GiftListLayout
      title="Purchases"
      section="Purchases Made"
      isPending={purchases.isPending}
      isError={purchases.isError}
      isEmpty={purchases.data?.length === 0}
    >
      <List aria-label="Purchases Made">
        {purchases.data?.map((purchase) => (
          <PurchaseRow key={purchase.id} purchase={purchase} />
        ))}
      </List>
    </GiftListLayout>
  );
}

/**
 * One purchase: the seller's photo, the name and the time, the amount. Until conversations exist (their
 * issue makes the row open or start the purchase's conversation) the row leads to the seller's page.
 */
function PurchaseRow({ purchase }: { purchase: Purchase }) {
  const { seller } = purchase;
  return (
    <ListItemButton component={Link} to={`/${encodeURIComponent(seller.handle)}`} sx={{ borderRadius: 2, gap: 1 }}>
      <ListItemAvatar>
        <UserAvatar photoUrl={seller.photoUrl} name={seller.displayName} size={44} />
      </ListItemAvatar>
      <ListItemText
        primary={purchaseName(purchase)}
        secondary={`${seller.displayName} · ${formatMonthDayTime(purchase.createdAt)}`}
        slotProps={{ primary: { sx: { fontWeight: 600, overflowWrap: 'anywhere' } } }}
      />
      <Typography sx={{ fontWeight: 700, flexShrink: 0 }}>{formatDollars(purchase.costCents)}</Typography>
    </ListItemButton>
  );
}

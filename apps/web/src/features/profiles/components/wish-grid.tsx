import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import type { Wish } from '@sweetwish/shared/wishes';
import { Link } from 'react-router';
import { GroupGiftProgress } from '../../../components/group-gift-progress';
import { WishImage } from '../../../components/wish-image';
import { formatWishPrice } from '../../../components/wish-price';
import { useIsHydrated } from '../../../lib/server-state';
import { WishGridFrame } from './wish-grid-frame';

/**
 * The wishes the server draws of a wishlist, and hydration with it (decision 045): a render costs the server
 * about a millisecond a wish. The rest are drawn right after hydration.
 */
export const SERVER_DRAWN_WISHES = 60;

/** The first SERVER_DRAWN_WISHES wishes on the server and while hydrating, all of them after. */
function useWishesToDraw(wishes: readonly Wish[]): readonly Wish[] {
  return useIsHydrated() ? wishes : wishes.slice(0, SERVER_DRAWN_WISHES);
}

/**
 * The wishlist grid. The owner's cards open the wish menu; everyone else's lead to the wish's page.
 * Purchased wishes wear a "Purchased" ribbon and are dimmed for visitors.
 */
export function WishGrid({
  wishes,
  isOwner,
  onOpenWish,
}: {
  wishes: readonly Wish[];
  isOwner: boolean;
  onOpenWish: (wish: Wish) => void;
}) {
  const drawn = useWishesToDraw(wishes);
  return (
    <WishGridFrame label="Wishlist">
      {drawn.map((wish) => (
        <li key={wish.id}>
          {isOwner ? (
            <ButtonBase onClick={() => onOpenWish(wish)} sx={cardSx} aria-haspopup="dialog">
              <WishCardContent wish={wish} isDimmed={false} />
            </ButtonBase>
          ) : (
            <ButtonBase component={Link} to={`/x/${encodeURIComponent(wish.id)}`} sx={cardSx}>
              <WishCardContent wish={wish} isDimmed={wish.purchased} />
            </ButtonBase>
          )}
        </li>
      ))}
    </WishGridFrame>
  );
}

const cardSx = {
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'stretch',
  width: '100%',
  textAlign: 'left',
  borderRadius: 2,
  p: 1,
  '&:hover, &.Mui-focusVisible': { bgcolor: 'action.hover' },
} as const;

function WishCardContent({ wish, isDimmed }: { wish: Wish; isDimmed: boolean }) {
  return (
    <Box component="span" sx={{ display: 'block', opacity: isDimmed ? 0.5 : 1 }}>
      <Box component="span" sx={{ display: 'block', position: 'relative', overflow: 'hidden', borderRadius: 2 }}>
        <WishImage src={wish.image} blurhash={wish.blurhash} alt={wish.name} />
        {wish.purchased && <PurchasedRibbon />}
        {wish.pinned && !wish.purchased && <PinnedMark />}
      </Box>
      <Typography component="span" sx={{ display: 'block', mt: 1, fontWeight: 600 }} noWrap>
        {wish.name}
      </Typography>
      <Typography component="span" color="primary" sx={{ display: 'block', fontWeight: 700 }}>
        {formatWishPrice(wish.cost)}
        {wish.type === 'subscription' && ' / month'}
      </Typography>
      {wish.isGroupGift && !wish.purchased && (
        <GroupGiftProgress fundedCents={wish.groupGiftFundedCents} costCents={wish.cost * 100} isCompact />
      )}
    </Box>
  );
}

function PurchasedRibbon() {
  return (
    <Box
      component="span"
      sx={{
        position: 'absolute',
        top: 12,
        right: -28,
        transform: 'rotate(35deg)',
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        fontSize: 12,
        fontWeight: 800,
        letterSpacing: '0.04em',
        px: 4,
        py: 0.25,
        boxShadow: 2,
      }}
    >
      Purchased
    </Box>
  );
}

function PinnedMark() {
  return (
    <Box
      component="span"
      sx={{
        position: 'absolute',
        top: 8,
        left: 8,
        bgcolor: 'rgba(0,0,0,0.6)',
        color: 'common.white',
        fontSize: 12,
        fontWeight: 700,
        borderRadius: 1,
        px: 1,
        py: 0.25,
      }}
    >
      Pinned
    </Box>
  );
}

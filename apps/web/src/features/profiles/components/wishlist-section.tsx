import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Wish } from '@sweetwish/shared/wishes';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { SearchIcon } from '../../../components/app-icons';
import { FilterIcon, PlusIcon } from '../../../components/share-icons';
import { useWishList } from '../api/profile-calls';
import { createWishSearch } from '../lib/wish-search';
import { WishGrid, WishGridPlaceholder } from './wish-grid';
import { WishMenu } from './wish-menu';

/**
 * The "Wishlist" section (spec section 2): search box, grid and, for the owner, "Add Item" and the
 * filter with "Show Archived Items" (which shows only the archived wishes; spec section 4).
 */
export function WishlistSection({ userId, isOwner }: { userId: string; isOwner: boolean }) {
  const [isShowingArchived, setIsShowingArchived] = useState(false);
  const showArchived = isOwner && isShowingArchived;
  const wishes = useWishList(userId, showArchived);
  const [term, setTerm] = useState('');
  const [openWishId, setOpenWishId] = useState<string | null>(null);
  const search = useMemo(() => createWishSearch(wishes.data ?? []), [wishes.data]);
  const shown = useMemo(() => search(term), [search, term]);
  // The menu follows the list, so a reload after Pin or Archive shows the wish as it now is.
  const openWish = wishes.data?.find((wish) => wish.id === openWishId) ?? null;

  return (
    <Box component="section" aria-labelledby="wishlist-heading">
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}>
        <Typography id="wishlist-heading" variant="h5" component="h2" sx={{ fontWeight: 800, flexGrow: 1 }}>
          Wishlist
        </Typography>
        {isOwner && (
          <>
            <Button component={Link} to="/create" variant="contained" startIcon={<PlusIcon />}>
              Add Item
            </Button>
            <ArchiveFilter isOn={isShowingArchived} onChange={setIsShowingArchived} />
          </>
        )}
      </Stack>
      <TextField
        value={term}
        onChange={(event) => setTerm(event.target.value)}
        placeholder="Search wishlist"
        fullWidth
        size="small"
        sx={{ mb: 2 }}
        slotProps={{
          htmlInput: { 'aria-label': 'Search wishlist', type: 'search' },
          input: {
            startAdornment: (
              <InputAdornment position="start" sx={{ color: 'text.secondary' }}>
                <SearchIcon />
              </InputAdornment>
            ),
          },
        }}
      />
      {showArchived && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Showing archived items only.
        </Typography>
      )}
      <WishlistBody
        wishes={wishes}
        shown={shown}
        isOwner={isOwner}
        isSearching={term.trim() !== ''}
        onOpenWish={(wish) => setOpenWishId(wish.id)}
      />
      {isOwner && <WishMenu wish={openWish} onClose={() => setOpenWishId(null)} />}
    </Box>
  );
}

function WishlistBody({
  wishes,
  shown,
  isOwner,
  isSearching,
  onOpenWish,
}: {
  wishes: ReturnType<typeof useWishList>;
  shown: Wish[];
  isOwner: boolean;
  isSearching: boolean;
  onOpenWish: (wish: Wish) => void;
}) {
  if (wishes.isPending) return <WishGridPlaceholder />;
  if (wishes.isError) return <EmptyLine text="Something's not right." />;
  if (wishes.data.length === 0) return <EmptyLine text="No items in wishlist" />;
  if (shown.length === 0 && isSearching) return <EmptyLine text="No matching items" />;
  return <WishGrid wishes={shown} isOwner={isOwner} onOpenWish={onOpenWish} />;
}

function EmptyLine({ text }: { text: string }) {
  return (
    <Typography color="text.secondary" sx={{ textAlign: 'center', py: 6 }}>
      {text}
    </Typography>
  );
}

function ArchiveFilter({ isOn, onChange }: { isOn: boolean; onChange: (isOn: boolean) => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <IconButton
        aria-label="Filter"
        aria-haspopup="true"
        aria-expanded={anchor !== null}
        onClick={(event) => setAnchor(event.currentTarget)}
        color={isOn ? 'primary' : 'default'}
      >
        <FilterIcon />
      </IconButton>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Box sx={{ px: 2, py: 1 }}>
          <FormControlLabel
            control={<Switch checked={isOn} onChange={(event) => onChange(event.target.checked)} />}
            label="Show Archived Items"
          />
        </Box>
      </Popover>
    </>
  );
}

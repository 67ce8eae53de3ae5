import PlusIcon from '@mui/icons-material/Add';
import FilterIcon from '@mui/icons-material/FilterAltOutlined';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import OutlinedInput from '@mui/material/OutlinedInput';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Wish } from '@sweetwish/shared/wishes';
import { type InfiniteData, type UseInfiniteQueryResult, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { archivedWishesOptions, wishListOptions } from '../../../components/profiles/profile-queries';
import { hasListFailed, itemsOf, type ListPage } from '../../../lib/paged-list';
import { useTypedBeforeHydration } from '../../../lib/typed-before-hydration';
import type { createWishSearch } from '../lib/wish-search';
import { WishGrid } from './wish-grid';
import { WishGridPlaceholder } from './wish-grid-frame';

// Loaded on demand to keep the page's first load light (decision 003). Only the owner renders the wish
// menu and the filter popover (MUI's Modal, Dialog, Drawer and Switch come with them); the fuzzy search
// (Fuse.js) loads when someone first focuses the search box or types in it.
const WishMenu = lazy(() => import('./wish-menu').then((m) => ({ default: m.WishMenu })));
const ArchiveFilterPopover = lazy(() =>
  import('./archive-filter-popover').then((m) => ({ default: m.ArchiveFilterPopover })),
);
const loadWishSearch = () => import('../lib/wish-search');
// Only the owner's archived list pages (decision 027): a visitor's first load does without it.
const LoadMore = lazy(() => import('../../../components/load-more').then((m) => ({ default: m.LoadMore })));

/**
 * The "Wishlist" section (product.md section 2): search box, grid and, for the owner, "Add Item" and the
 * filter with "Show Archived Items" (which shows only the archived wishes; product.md section 4).
 */
export function WishlistSection({ userId, isOwner }: { userId: string; isOwner: boolean }) {
  const [isShowingArchived, setIsShowingArchived] = useState(false);
  const showArchived = isOwner && isShowingArchived;
  const wishes = useShownWishes(userId, showArchived);
  const [term, setTerm] = useState('');
  const adoptTyped = useTypedBeforeHydration(setTerm);
  const [openWishId, setOpenWishId] = useState<string | null>(null);
  const shown = useWishSearch(wishes.data, term);
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
            <Button component={Link} to="/create" variant="contained" startIcon={<PlusIcon sx={{ fontSize: 20 }} />}>
              Add Item
            </Button>
            <ArchiveFilter isOn={isShowingArchived} onChange={setIsShowingArchived} />
          </>
        )}
      </Stack>
      {/* An OutlinedInput with a plain adornment rather than a TextField and an InputAdornment: the TextField
          brings Select, Menu and Modal along (about 13 KB gzip on the first load, decision 003). */}
      <OutlinedInput
        value={term}
        onChange={(event) => setTerm(event.target.value)}
        inputRef={adoptTyped}
        onFocus={() => void loadWishSearch().catch(() => {})}
        placeholder="Search wishlist"
        // A field without a name or id is an issue in DevTools (autofill cannot tell it apart).
        name="wishlist-search"
        type="search"
        fullWidth
        size="small"
        sx={{ mb: 2 }}
        slotProps={{ input: { 'aria-label': 'Search wishlist' } }}
        startAdornment={
          <Box component="span" sx={{ display: 'flex', mr: 1, color: 'text.secondary' }}>
            <SearchIcon />
          </Box>
        }
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
      {wishes.archived && (
        <Suspense>
          <LoadMore list={wishes.archived} label="Loading more archived items" />
        </Suspense>
      )}
      {isOwner && (
        <Suspense>
          <WishMenu wish={openWish} onClose={() => setOpenWishId(null)} />
        </Suspense>
      )}
    </Box>
  );
}

type ShownWishes = {
  data: Wish[] | undefined;
  isPending: boolean;
  isError: boolean;
  /** The archived list, which pages (decision 027); undefined while the wishlist itself is shown. */
  archived?: UseInfiniteQueryResult<InfiniteData<ListPage<Wish>>>;
};

/** The wishlist, whole, or the owner's archived wishes, page by page (the search covers the pages loaded). */
function useShownWishes(userId: string, showArchived: boolean): ShownWishes {
  const active = useQuery({ ...wishListOptions(userId), enabled: !showArchived });
  const archived = useInfiniteQuery({ ...archivedWishesOptions(userId), enabled: showArchived });
  const archivedItems = useMemo(() => archived.data && itemsOf(archived.data), [archived.data]);
  if (!showArchived) return { data: active.data, isPending: active.isPending, isError: active.isError };
  return { data: archivedItems, isPending: archived.isPending, isError: hasListFailed(archived), archived };
}

/**
 * The wishes matching the search term, best first; all of them, in order, while the term is empty. Until
 * the search code has loaded (a moment after the first keystroke) the whole list stays on screen.
 */
function useWishSearch(wishes: Wish[] | undefined, term: string): Wish[] {
  const [createSearch, setCreateSearch] = useState<typeof createWishSearch | null>(null);
  const isSearching = term.trim() !== '';
  useEffect(() => {
    if (!isSearching || createSearch) return;
    let isCurrent = true;
    loadWishSearch()
      .then((m) => isCurrent && setCreateSearch(() => m.createWishSearch))
      .catch((error) => console.warn('Could not load the wishlist search', error));
    return () => {
      isCurrent = false;
    };
  }, [isSearching, createSearch]);
  const search = useMemo(() => createSearch?.(wishes ?? []), [createSearch, wishes]);
  return useMemo(() => (search ? search(term) : (wishes ?? [])), [search, term, wishes]);
}

function WishlistBody({
  wishes,
  shown,
  isOwner,
  isSearching,
  onOpenWish,
}: {
  wishes: ShownWishes;
  shown: Wish[];
  isOwner: boolean;
  isSearching: boolean;
  onOpenWish: (wish: Wish) => void;
}) {
  if (wishes.isPending) return <WishGridPlaceholder />;
  if (wishes.isError) return <EmptyLine text="Something's not right." />;
  if (!wishes.data || wishes.data.length === 0) return <EmptyLine text="No items in wishlist" />;
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
        <FilterIcon sx={{ fontSize: 20 }} />
      </IconButton>
      <Suspense>
        <ArchiveFilterPopover anchor={anchor} isOn={isOn} onChange={onChange} onClose={() => setAnchor(null)} />
      </Suspense>
    </>
  );
}

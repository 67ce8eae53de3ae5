import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { WallEntry, WallPage } from '@sweetwish/shared/gift-messages';
import { lazy, Suspense, useState } from 'react';
import { fetchWallPage } from '../api/wall-more-calls';

// Only the creator can hide an entry: the button and its dialog load when their own page draws the wall.
const WallHideButton = lazy(() => import('./wall-hide-button').then((m) => ({ default: m.WallHideButton })));

const HEADING_ID = 'supporters-heading';

/**
 * The supporters wall on /{handle} (product.md section 2, decision 101): the creator's latest gifts and
 * tips, newest first, each with the fan's name or "Anonymous" and the message the creator let show. The
 * server draws the first page with the page; "Show more" asks for the next ones. Messages are plain text.
 */
export function SupportersWall({
  handle,
  firstPage,
  isOwner,
}: {
  handle: string;
  firstPage: WallPage;
  isOwner: boolean;
}) {
  const [more, setMore] = useState<WallEntry[]>([]);
  // The cursor after the entries shown; undefined until "Show more" was used (then the first page's is meant).
  const [cursor, setCursor] = useState<string | null | undefined>(undefined);
  const [hiddenIds, setHiddenIds] = useState<ReadonlySet<string>>(new Set());
  const [isLoading, setIsLoading] = useState(false);
  const [hasFailed, setHasFailed] = useState(false);
  const nextCursor = cursor === undefined ? firstPage.nextCursor : cursor;
  // The first page is read again after a hide: an entry of the later pages may now be on it too.
  const entries = uniqueById([...firstPage.items, ...more]).filter((entry) => !hiddenIds.has(entry.id));

  const showMore = async () => {
    if (!nextCursor) return;
    setIsLoading(true);
    setHasFailed(false);
    try {
      const page = await fetchWallPage(handle, nextCursor);
      setMore((shown) => [...shown, ...page.items]);
      setCursor(page.nextCursor);
    } catch {
      setHasFailed(true);
    } finally {
      setIsLoading(false);
    }
  };

  if (entries.length === 0) return null;
  return (
    <Box component="section" aria-labelledby={HEADING_ID}>
      <Typography component="h2" id={HEADING_ID} sx={{ fontWeight: 700, fontSize: 18, mb: 1.5 }}>
        Supporters
      </Typography>
      <Box component="ol" sx={{ p: 0, m: 0, listStyle: 'none', display: 'grid', gap: 1 }}>
        {entries.map((entry) => (
          <Box
            component="li"
            key={entry.id}
            data-testid="wall-entry"
            sx={{ display: 'flex', gap: 1, p: 1.5, border: 1, borderColor: 'divider', borderRadius: 3 }}
          >
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              <Typography sx={{ overflowWrap: 'anywhere' }}>
                <Box component="span" sx={{ fontWeight: 700 }}>
                  {entry.name}
                </Box>{' '}
                <Box component="span" sx={{ color: 'text.secondary' }}>
                  {entry.kind === 'tip' || entry.wishName === null ? 'sent a tip' : `gifted ${entry.wishName}`}
                </Box>
              </Typography>
              {entry.message !== null && (
                <Typography sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>{`“${entry.message}”`}</Typography>
              )}
            </Box>
            {isOwner && (
              <Suspense>
                <WallHideButton
                  handle={handle}
                  entry={entry}
                  onHidden={() => setHiddenIds((ids) => new Set([...ids, entry.id]))}
                />
              </Suspense>
            )}
          </Box>
        ))}
      </Box>
      {nextCursor && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 1.5 }}>
          <Button onClick={() => void showMore()} loading={isLoading}>
            {hasFailed ? 'Try Again' : 'Show more'}
          </Button>
        </Box>
      )}
    </Box>
  );
}

function uniqueById(entries: WallEntry[]): WallEntry[] {
  const seen = new Set<string>();
  return entries.filter((entry) => !seen.has(entry.id) && seen.add(entry.id));
}

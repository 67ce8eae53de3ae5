import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useEffect, useState } from 'react';

type PagedList = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
};

/**
 * The end of a list that loads more on scroll: when this comes near the screen and another page exists,
 * it is fetched. A page that failed waits for Try Again instead of being asked for in a loop.
 */
export function LoadMore({ list, label }: { list: PagedList; label: string }) {
  const [sentinel, setSentinel] = useState<HTMLDivElement | null>(null);
  const isNear = useIsNearScreen(sentinel);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = list;

  useEffect(() => {
    if (isNear && hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [isNear, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  if (!hasNextPage) return null;
  return (
    <Box ref={setSentinel} sx={{ display: 'grid', placeItems: 'center', py: 2 }}>
      {isFetchNextPageError ? (
        <Button onClick={() => void fetchNextPage()}>Try Again</Button>
      ) : (
        <CircularProgress size={28} aria-label={label} />
      )}
    </Box>
  );
}

/**
 * Whether the element is within a screen's height of the viewport; without an observer, it counts as near.
 * One observer per element, not one per render.
 */
function useIsNearScreen(element: Element | null): boolean {
  const [isNear, setIsNear] = useState(false);
  useEffect(() => {
    if (!element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setIsNear(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => setIsNear(entries.at(-1)?.isIntersecting ?? false), {
      rootMargin: '0px 0px 100% 0px',
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return isNear;
}

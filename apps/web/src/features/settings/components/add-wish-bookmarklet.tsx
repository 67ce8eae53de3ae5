import Button from '@mui/material/Button';
import { useEffect, useRef } from 'react';
import { addWishBookmarklet } from '../lib/bookmarklet';

/**
 * A button to drag to the bookmarks bar. React renders no `javascript:` address (it blocks them as a guard
 * against injected links), so this one, which is ours, is set on the element after it is drawn.
 */
export function AddWishBookmarklet() {
  const link = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    link.current?.setAttribute('href', addWishBookmarklet(window.location.origin));
  }, []);
  return (
    <Button
      ref={link}
      // A link (not a button) so that it can be dragged to the bookmarks bar; its address is set above.
      href="#"
      variant="outlined"
      sx={{ mt: 1.5 }}
      data-testid="add-wish-bookmarklet"
      // Clicked here it would only open Create wish for the settings page itself.
      onClick={(event: React.MouseEvent) => event.preventDefault()}
    >
      Add to Sweetwish
    </Button>
  );
}

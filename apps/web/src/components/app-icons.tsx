import { StrokeIcon } from './stroke-icon';

// Line icons of the top bar and the search boxes, drawn inline (no icon library, no network). The others
// are in share-icons.tsx, menu-icons.tsx and the sign-in feature's auth-icons.tsx, so that a page loads only
// the icons it may show. All are decorative: the button or link that holds one carries its meaning in text
// or an aria-label.

export function BackArrowIcon() {
  return (
    <StrokeIcon>
      <line x1="19" y1="12" x2="5" y2="12" />
      <polyline points="12 19 5 12 12 5" />
    </StrokeIcon>
  );
}

export function MenuIcon() {
  return (
    <StrokeIcon>
      <line x1="3" y1="6" x2="21" y2="6" />
      <line x1="3" y1="12" x2="21" y2="12" />
      <line x1="3" y1="18" x2="21" y2="18" />
    </StrokeIcon>
  );
}

export function SearchIcon() {
  return (
    <StrokeIcon>
      <circle cx="11" cy="11" r="7" />
      <line x1="21" y1="21" x2="16.65" y2="16.65" />
    </StrokeIcon>
  );
}

import { StrokeIcon } from './stroke-icon';

// More line icons (the first set is app-icons.tsx): sharing, profiles and wishlists. Decorative like
// the others: the control that holds one names itself in text or an aria-label.

export function ShareIcon({ size = 20 }: { size?: number }) {
  return (
    <StrokeIcon size={size}>
      <circle cx="18" cy="5" r="3" />
      <circle cx="6" cy="12" r="3" />
      <circle cx="18" cy="19" r="3" />
      <line x1="8.59" y1="13.51" x2="15.42" y2="17.49" />
      <line x1="15.41" y1="6.51" x2="8.59" y2="10.49" />
    </StrokeIcon>
  );
}

export function LinkIcon({ size = 18 }: { size?: number }) {
  return (
    <StrokeIcon size={size}>
      <path d="M10 13a5 5 0 0 0 7.54.54l3-3a5 5 0 0 0-7.07-7.07l-1.72 1.71" />
      <path d="M14 11a5 5 0 0 0-7.54-.54l-3 3a5 5 0 0 0 7.07 7.07l1.71-1.71" />
    </StrokeIcon>
  );
}

export function PlusIcon({ size = 20 }: { size?: number }) {
  return (
    <StrokeIcon size={size}>
      <line x1="12" y1="5" x2="12" y2="19" />
      <line x1="5" y1="12" x2="19" y2="12" />
    </StrokeIcon>
  );
}

export function FilterIcon({ size = 20 }: { size?: number }) {
  return (
    <StrokeIcon size={size}>
      <polygon points="22 3 2 3 10 12.46 10 19 14 21 14 12.46 22 3" />
    </StrokeIcon>
  );
}

export function ChevronDownIcon({ size = 20 }: { size?: number }) {
  return (
    <StrokeIcon size={size}>
      <polyline points="6 9 12 15 18 9" />
    </StrokeIcon>
  );
}

export function ImageIcon({ size = 32 }: { size?: number }) {
  return (
    <StrokeIcon size={size}>
      <rect x="3" y="3" width="18" height="18" rx="2" />
      <circle cx="8.5" cy="8.5" r="1.5" />
      <polyline points="21 15 16 10 5 21" />
    </StrokeIcon>
  );
}

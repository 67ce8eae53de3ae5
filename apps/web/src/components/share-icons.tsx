import { StrokeIcon } from './stroke-icon';

// More line icons (the first set is app-icons.tsx): sharing, wishlists and their menus. Decorative like
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

export function GiftIcon({ size = 20 }: { size?: number }) {
  return (
    <StrokeIcon size={size}>
      <polyline points="20 12 20 22 4 22 4 12" />
      <rect x="2" y="7" width="20" height="5" />
      <line x1="12" y1="22" x2="12" y2="7" />
      <path d="M12 7H7.5a2.5 2.5 0 0 1 0-5C11 2 12 7 12 7z" />
      <path d="M12 7h4.5a2.5 2.5 0 0 0 0-5C13 2 12 7 12 7z" />
    </StrokeIcon>
  );
}

export function UserPlusIcon({ size = 20 }: { size?: number }) {
  return (
    <StrokeIcon size={size}>
      <path d="M16 21v-2a4 4 0 0 0-4-4H5a4 4 0 0 0-4 4v2" />
      <circle cx="8.5" cy="7" r="4" />
      <line x1="20" y1="8" x2="20" y2="14" />
      <line x1="23" y1="11" x2="17" y2="11" />
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

export function PinIcon({ size = 20 }: { size?: number }) {
  return (
    <StrokeIcon size={size}>
      <line x1="12" y1="17" x2="12" y2="22" />
      <path d="M5 17h14v-1.76a2 2 0 0 0-1.11-1.79l-1.78-.9A2 2 0 0 1 15 10.76V6h1a2 2 0 0 0 0-4H8a2 2 0 0 0 0 4h1v4.76a2 2 0 0 1-1.11 1.79l-1.78.9A2 2 0 0 0 5 15.24z" />
    </StrokeIcon>
  );
}

export function EditIcon({ size = 20 }: { size?: number }) {
  return (
    <StrokeIcon size={size}>
      <path d="M12 20h9" />
      <path d="M16.5 3.5a2.12 2.12 0 0 1 3 3L7 19l-4 1 1-4z" />
    </StrokeIcon>
  );
}

export function ArchiveIcon({ size = 20 }: { size?: number }) {
  return (
    <StrokeIcon size={size}>
      <polyline points="21 8 21 21 3 21 3 8" />
      <rect x="1" y="3" width="22" height="5" />
      <line x1="10" y1="12" x2="14" y2="12" />
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

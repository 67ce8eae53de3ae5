import { StrokeIcon } from '../stroke-icon';

// Line icons of the balance displays (side menu, /balance, the owner's balance card). Apart from the other
// icon files so that only the pages showing a balance carry them.

export function WalletIcon({ size = 24 }: { size?: number }) {
  return (
    <StrokeIcon size={size}>
      <path d="M20 7V5a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h13a2 2 0 0 0 2-2v-2" />
      <path d="M22 11h-5a2 2 0 0 0 0 4h5z" />
    </StrokeIcon>
  );
}

export function EyeIcon({ size = 20 }: { size?: number }) {
  return (
    <StrokeIcon size={size}>
      <path d="M1 12s4-8 11-8 11 8 11 8-4 8-11 8-11-8-11-8z" />
      <circle cx="12" cy="12" r="3" />
    </StrokeIcon>
  );
}

export function EyeOffIcon({ size = 20 }: { size?: number }) {
  return (
    <StrokeIcon size={size}>
      <path d="M17.94 17.94A10.07 10.07 0 0 1 12 20c-7 0-11-8-11-8a18.45 18.45 0 0 1 5.06-5.94" />
      <path d="M9.9 4.24A9.12 9.12 0 0 1 12 4c7 0 11 8 11 8a18.5 18.5 0 0 1-2.16 3.19" />
      <path d="M14.12 14.12a3 3 0 1 1-4.24-4.24" />
      <line x1="1" y1="1" x2="23" y2="23" />
    </StrokeIcon>
  );
}

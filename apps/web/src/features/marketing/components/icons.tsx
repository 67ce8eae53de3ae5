import { StrokeIcon } from '../../../components/stroke-icon';

// Line icons for the marketing pages, drawn inline (no icon library, no network). All are decorative.

export function GiftIcon() {
  return (
    <StrokeIcon>
      <polyline points="20 12 20 22 4 22 4 12" />
      <rect x="2" y="7" width="20" height="5" />
      <line x1="12" y1="22" x2="12" y2="7" />
      <path d="M12 7H7.5a2.5 2.5 0 0 1 0-5C11 2 12 7 12 7z" />
      <path d="M12 7h4.5a2.5 2.5 0 0 0 0-5C13 2 12 7 12 7z" />
    </StrokeIcon>
  );
}

export function StarIcon() {
  return (
    <StrokeIcon>
      <polygon points="12 2 15.09 8.26 22 9.27 17 14.14 18.18 21.02 12 17.77 5.82 21.02 7 14.14 2 9.27 8.91 8.26 12 2" />
    </StrokeIcon>
  );
}

export function ChatIcon() {
  return (
    <StrokeIcon>
      <path d="M21 11.5a8.38 8.38 0 0 1-.9 3.8 8.5 8.5 0 0 1-7.6 4.7 8.38 8.38 0 0 1-3.8-.9L3 21l1.9-5.7a8.38 8.38 0 0 1-.9-3.8 8.5 8.5 0 0 1 4.7-7.6 8.38 8.38 0 0 1 3.8-.9h.5a8.48 8.48 0 0 1 8 8z" />
    </StrokeIcon>
  );
}

export function WalletIcon() {
  return (
    <StrokeIcon>
      <rect x="2" y="5" width="20" height="15" rx="2" />
      <path d="M2 9h20" />
      <path d="M16 14.5h2" />
    </StrokeIcon>
  );
}

export function CloudIcon() {
  return (
    <StrokeIcon>
      <path d="M18 10h-1.26A8 8 0 1 0 9 20h9a5 5 0 0 0 0-10z" />
    </StrokeIcon>
  );
}

export function LockIcon() {
  return (
    <StrokeIcon>
      <rect x="3" y="11" width="18" height="11" rx="2" />
      <path d="M7 11V7a5 5 0 0 1 10 0v4" />
    </StrokeIcon>
  );
}

export function EyeOffIcon() {
  return (
    <StrokeIcon>
      <path d="M17.94 17.94A10.07 10.07 0 0 1 12 20c-7 0-11-8-11-8a18.45 18.45 0 0 1 5.06-5.94M9.9 4.24A9.12 9.12 0 0 1 12 4c7 0 11 8 11 8a18.5 18.5 0 0 1-2.16 3.19m-6.72-1.07a3 3 0 1 1-4.24-4.24" />
      <line x1="1" y1="1" x2="23" y2="23" />
    </StrokeIcon>
  );
}

export function SlidersIcon() {
  return (
    <StrokeIcon>
      <line x1="4" y1="21" x2="4" y2="14" />
      <line x1="4" y1="10" x2="4" y2="3" />
      <line x1="12" y1="21" x2="12" y2="12" />
      <line x1="12" y1="8" x2="12" y2="3" />
      <line x1="20" y1="21" x2="20" y2="16" />
      <line x1="20" y1="12" x2="20" y2="3" />
      <line x1="1" y1="14" x2="7" y2="14" />
      <line x1="9" y1="8" x2="15" y2="8" />
      <line x1="17" y1="16" x2="23" y2="16" />
    </StrokeIcon>
  );
}

export function PercentIcon() {
  return (
    <StrokeIcon>
      <line x1="19" y1="5" x2="5" y2="19" />
      <circle cx="6.5" cy="6.5" r="2.5" />
      <circle cx="17.5" cy="17.5" r="2.5" />
    </StrokeIcon>
  );
}

export function RepeatIcon() {
  return (
    <StrokeIcon>
      <polyline points="17 1 21 5 17 9" />
      <path d="M3 11V9a4 4 0 0 1 4-4h14" />
      <polyline points="7 23 3 19 7 15" />
      <path d="M21 13v2a4 4 0 0 1-4 4H3" />
    </StrokeIcon>
  );
}

export function ZapIcon() {
  return (
    <StrokeIcon>
      <polygon points="13 2 3 14 12 14 11 22 21 10 12 10 13 2" />
    </StrokeIcon>
  );
}

export function ShieldIcon() {
  return (
    <StrokeIcon>
      <path d="M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z" />
    </StrokeIcon>
  );
}

export function CheckIcon({ size = 18 }: { size?: number }) {
  return (
    <StrokeIcon size={size}>
      <polyline points="20 6 9 17 4 12" />
    </StrokeIcon>
  );
}

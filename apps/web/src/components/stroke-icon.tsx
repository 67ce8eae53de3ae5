import type { ReactNode } from 'react';

/**
 * A small line icon drawn inline (24 x 24 grid, stroked in the current text colour), so pages need no
 * icon library and no network request. Decorative: hidden from assistive technology, so whatever it
 * sits beside must carry the meaning in text.
 */
export function StrokeIcon({ children, size = 24 }: { children: ReactNode; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

import { useId } from 'react';
import { PRODUCT_NAME } from '../../shared/product.js';

/** The wave mark; decorative, the product name always sits next to it as text. */
export function LogoMark({ size = 40 }: { size?: number }) {
  // Several marks can share a page (top bar and join screen): each needs its own gradient id.
  const gradient = useId();
  return (
    <svg className="logo-mark" viewBox="0 0 64 64" width={size} height={size} aria-hidden="true">
      <defs>
        <linearGradient id={gradient} x1="0" y1="1" x2="1" y2="0">
          <stop offset="0" stopColor="#ff5e7e" />
          <stop offset="1" stopColor="#ffb547" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" className="logo-mark__tile" />
      <path
        d="M10 36c5-12 10-12 15 0s10 12 15 0 10-12 15 0"
        fill="none"
        stroke={`url(#${gradient})`}
        strokeWidth="6"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** The big logo of the landing screen, which is also its heading. */
export function Logo() {
  return (
    <h1 className="logo">
      <LogoMark size={56} />
      <span className="logo__word">{PRODUCT_NAME}</span>
    </h1>
  );
}

import type { ReactElement } from 'react';

/**
 * What every card (the link preview in og-card.ts, the story cards in story-card.ts) draws with:
 * the product's look (client/styles/base.css, client/components/Logo.tsx), the fonts, the logo,
 * and the one way to make a node of the tree satori lays out.
 */
export const BG = '#17133f';
export const BG_DEEP = '#0e0b2b';
export const TEXT = '#f6f3ff';
export const MUTED = '#b8b2e2';
export const CORAL = '#ff5e7e';
export const AMBER = '#ffb547';

/** The shipped Inter subsets, each its own family so satori falls back from one to the next. */
export const FONT_SUBSETS = ['latin', 'latin-ext', 'cyrillic', 'cyrillic-ext', 'greek', 'vietnamese'] as const;
export const FONT_WEIGHTS = [500, 800] as const;
export const fontFamilyName = (subset: string) => `Inter ${subset}`;
export const FONT_FAMILY = FONT_SUBSETS.map((subset) => `'${fontFamilyName(subset)}'`).join(', ');

export type Style = Record<string, string | number>;
export type Child = ReactElement | string;

/** One node of the tree satori lays out. Text is always a child string: satori escapes it itself. */
export function el(
  type: string,
  style: Style,
  children: Child | Child[] = [],
  attributes: Record<string, string> = {},
) {
  const element: ReactElement = { type, key: null, props: { style, children, ...attributes } };
  return element;
}

export const dataUri = (svg: string) => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;

export const LOGO = dataUri(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><defs><linearGradient id="g" x1="0" y1="1" x2="1" y2="0"><stop offset="0" stop-color="${CORAL}"/><stop offset="1" stop-color="${AMBER}"/></linearGradient></defs><rect width="64" height="64" rx="16" fill="#2a2466"/><path d="M10 36c5-12 10-12 15 0s10 12 15 0 10-12 15 0" fill="none" stroke="url(#g)" stroke-width="6" stroke-linecap="round"/></svg>`,
);

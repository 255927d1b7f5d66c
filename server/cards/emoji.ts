/**
 * Emoji on the cards, drawn as the Noto Emoji pictures (Apache-2.0, from @iconify-json/noto), the
 * ones Android phones show: satori asks `loadAdditionalAsset` for each emoji its fonts cannot draw,
 * and gets the picture as an SVG data URI, which resvg draws in place.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

interface IconSet {
  icons: Record<string, { body: string; width?: number; height?: number }>;
  aliases?: Record<string, { parent: string }>;
  width?: number;
  height?: number;
}

// Read on the first emoji only (the set is large); a render worker keeps it until it ends.
let chars: Record<string, string> | undefined;
let set: IconSet | undefined;
const charsOf = () => {
  chars ??= JSON.parse(readFileSync(require.resolve('@iconify-json/noto/chars.json'), 'utf8')) as Record<
    string,
    string
  >;
  return chars;
};
const setOf = () => {
  set ??= JSON.parse(readFileSync(require.resolve('@iconify-json/noto/icons.json'), 'utf8')) as IconSet;
  return set;
};

const PICTOGRAPHIC = /\p{Extended_Pictographic}|\p{Regional_Indicator}/u;

/** The set's name for an emoji grapheme ("😀" → "grinning-face"), variation selectors ignored. */
function nameOf(grapheme: string): string | undefined {
  if (!PICTOGRAPHIC.test(grapheme)) return undefined;
  const codes = [...grapheme].map((char) => (char.codePointAt(0) ?? 0).toString(16));
  const table = charsOf();
  return table[codes.join('-')] ?? table[codes.filter((code) => code !== 'fe0f').join('-')];
}

/** Whether the cards can draw this grapheme as an emoji picture. */
export function isDrawableEmoji(grapheme: string): boolean {
  return nameOf(grapheme) !== undefined;
}

/** The emoji's picture as an SVG document, or undefined when the set has none. */
export function emojiSvg(grapheme: string): string | undefined {
  let name = nameOf(grapheme);
  if (name === undefined) return undefined;
  const icons = setOf();
  name = icons.aliases?.[name]?.parent ?? name;
  const icon = icons.icons[name];
  if (!icon) return undefined;
  const width = icon.width ?? icons.width ?? 16;
  const height = icon.height ?? icons.height ?? 16;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">${icon.body}</svg>`;
}

/** satori's `loadAdditionalAsset`: an emoji as its picture; nothing for other scripts (they are left out before). */
export async function loadAdditionalAsset(code: string, segment: string): Promise<string | []> {
  if (code !== 'emoji') return [];
  const svg = emojiSvg(segment);
  return svg === undefined ? [] : `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/**
 * What a player's name may hold. A name is shown to other people (scoreboards, link previews),
 * so characters that are invisible or that reorder the text around them are taken out: a name
 * must look like what it is.
 */
import { limitCombiningMarks } from './combining-marks.js';
import { NAME_MAX_LENGTH } from './product.js';

/**
 * Control characters (C0, DEL, C1), line and paragraph separators, bidi embeddings, overrides
 * and isolates (U+202A–202E, U+2066–2069, U+061C), zero-width characters and marks
 * (U+200B–200F, U+2060, U+FEFF), and UTF-16 halves without their other half.
 */
// With the u flag a surrogate range matches only halves that have no partner.
const UNWANTED = /[\p{Cc}\u061C\u200B-\u200F\u2028-\u202E\u2060\u2066-\u2069\uFEFF\uD800-\uDFFF]/gu;

/**
 * The name as stored and shown: unwanted characters removed, normalised to NFC, trimmed, and cut
 * to its first 40 characters (code points, so an emoji is never cut in half). Never refuses a name.
 */
export function cleanName(raw: string): string {
  const normalised = cleanText(raw);
  const codePoints = Array.from(normalised);
  if (codePoints.length <= NAME_MAX_LENGTH) return normalised;
  // A cut can end on a space that was inside the name.
  return codePoints.slice(0, NAME_MAX_LENGTH).join('').trimEnd();
}

/** Text as other people will see it (a name, a creator's own question): `cleanName` without the cut. */
export function cleanText(raw: string): string {
  // Remove before normalising: taking a character out can leave two that compose. Marks are
  // counted decomposed (Ź is Z and one mark), in canonical order, then composed again.
  return limitCombiningMarks(raw.replace(UNWANTED, '').normalize('NFD')).normalize('NFC').trim();
}

/** FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE: what `isolate` puts around a name. */
export const FSI = '\u2068';
export const PDI = '\u2069';

/**
 * A name as it goes into a sentence: between FSI and PDI, so it keeps its own direction and
 * never reorders the words around it (a right-to-left "سارا · 8.4/10" would otherwise show the
 * score first; "سارا!" its mark on the wrong side). Cleaned names hold no isolates of their own.
 * In markup the client shows each isolated name as a <bdi> (client/i18n/Isolated.tsx).
 */
export function isolate(name: string): string {
  return `${FSI}${name}${PDI}`;
}

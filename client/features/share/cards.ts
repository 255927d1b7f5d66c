import type { Language } from '../../i18n/languages.js';

const id = encodeURIComponent;

/** A friend's story card (server/cards/), in the reader's language. */
export const resultCardPath = (gameId: string, playerID: string, lang: Language) =>
  `/og/result/${id(gameId)}/${id(playerID)}.png?lang=${lang}`;

/** The creator's top-three story card; `version` changes with the top three, so no stale copy is shown. */
export const topCardPath = (gameId: string, lang: Language, version: string) =>
  `/og/top/${id(gameId)}.png?lang=${lang}&v=${id(version)}`;

/** A finished party's podium story card (server/cards/), in the reader's language. */
export const partyCardPath = (partyId: string, lang: Language) => `/og/party/${id(partyId)}.png?lang=${lang}`;

/** The card as a file to share, or null if it cannot be had (offline, the friend removed…). */
export async function cardFile(path: string, name: string, signal?: AbortSignal): Promise<File | null> {
  try {
    const response = await fetch(path, { signal });
    if (!response.ok) return null;
    return new File([await response.blob()], name, { type: 'image/png' });
  } catch {
    return null;
  }
}

/** Whether this browser's share sheet takes files (most phones). */
export function canShareFiles(files: File[]): boolean {
  return typeof navigator.canShare === 'function' && navigator.canShare({ files });
}

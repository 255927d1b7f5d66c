import { local, readJson } from './storage.js';

const KEY = 'wavelength.playerIDs';
/** Enough for every game a person plays in a while; the oldest are forgotten first. */
const KEEP = 50;

function stored(): [gameId: string, playerID: string][] {
  const saved = readJson(local, KEY);
  if (!Array.isArray(saved)) return [];
  return saved.filter(
    (entry): entry is [string, string] =>
      Array.isArray(entry) && typeof entry[0] === 'string' && typeof entry[1] === 'string',
  );
}

/** This browser's public id on a game's scoreboard (from log-response), so the scoreboard can mark "you". */
export function ownPlayerId(gameId: string): string | null {
  return stored().find(([id]) => id === gameId)?.[1] ?? null;
}

export function saveOwnPlayerId(gameId: string, playerID: string): void {
  const others = stored().filter(([id]) => id !== gameId);
  local.set(KEY, JSON.stringify([[gameId, playerID], ...others].slice(0, KEEP)));
}

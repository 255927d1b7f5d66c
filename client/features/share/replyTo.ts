import { readJson, session } from '../../state/storage.js';

/** The game a friend is making back for its creator ("Make your own — Ada will see it"), until it is made. */
const KEY = 'wavelength.replyTo';

export interface ReplyTo {
  gameId: string;
  /** This browser's own private id on that game. */
  playerId: string;
}

export function startReply(replyTo: ReplyTo): void {
  session.set(KEY, JSON.stringify(replyTo));
}

export function pendingReply(): ReplyTo | undefined {
  const saved = readJson(session, KEY) as Partial<ReplyTo> | null;
  return typeof saved?.gameId === 'string' && typeof saved.playerId === 'string'
    ? { gameId: saved.gameId, playerId: saved.playerId }
    : undefined;
}

export function endReply(): void {
  session.remove(KEY);
}

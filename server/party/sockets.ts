/**
 * A party's sockets on this instance: who they are (a player's, or a shared screen's), and the
 * frames they get. What to send, and when, is the room's (room.ts); this only writes.
 */
import type { WebSocket } from 'ws';
import type { Language } from '../../shared/languages.js';
import { PARTY_CLOSE_KICKED, PARTY_CLOSE_UNKNOWN, type PartyLiveMessage, type PartyState } from '../../shared/party.js';
import { TextFrame } from '../live/frame.js';
import { writeLive } from '../live/send.js';

export interface Listener {
  socket: WebSocket;
  playerID: string | null;
  lang: Language;
}

export class PartySockets {
  private readonly listeners = new Set<Listener>();

  get size(): number {
    return this.listeners.size;
  }

  add(listener: Listener): void {
    this.listeners.add(listener);
  }

  /** False if it had gone already. */
  delete(listener: Listener): boolean {
    return this.listeners.delete(listener);
  }

  /** The players with a socket here. */
  players(): Set<string> {
    const players = new Set<string>();
    for (const { playerID } of this.listeners) if (playerID) players.add(playerID);
    return players;
  }

  write(listener: Listener, message: PartyLiveMessage | TextFrame): void {
    writeLive(listener.socket, message instanceof TextFrame ? message : JSON.stringify(message));
  }

  /**
   * The whole state to every socket (a phase change), one `seq` for all: the same bytes for every
   * socket of a language, worked out and framed once. A player's own part (`me`) goes only in the
   * answer to their hello and sync, and in get-party.
   */
  broadcastState(seq: number, view: (lang: Language) => PartyState): void {
    const frames = new Map<Language, TextFrame>();
    for (const listener of this.listeners) {
      let frame = frames.get(listener.lang);
      if (!frame) {
        const message: PartyLiveMessage = { type: 'party', seq, ...view(listener.lang) };
        frame = new TextFrame(JSON.stringify(message));
        frames.set(listener.lang, frame);
      }
      this.write(listener, frame);
    }
  }

  /** A small message to every socket, framed once. */
  broadcast(message: PartyLiveMessage): void {
    if (this.listeners.size === 0) return;
    const frame = new TextFrame(JSON.stringify(message));
    for (const listener of this.listeners) this.write(listener, frame);
  }

  /** A kicked player's sockets close. */
  shut(playerID: string): void {
    for (const listener of this.listeners) {
      if (listener.playerID === playerID) listener.socket.close(PARTY_CLOSE_KICKED, 'Kicked');
    }
  }

  /** The party is gone (deleted): every socket closes as an unknown party's. */
  closeAll(): void {
    for (const listener of this.listeners) listener.socket.close(PARTY_CLOSE_UNKNOWN, 'Unknown party');
  }
}

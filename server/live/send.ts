import type { WebSocket } from 'ws';
import type { LiveMessage } from '../../shared/live.js';
import { JoinedFrames, TextFrame, writeFrame } from './frame.js';

/**
 * Past this many bytes waiting in one socket's send buffer the reader is not keeping up (a
 * phone in a tunnel); that one socket is dropped rather than letting server memory grow.
 * It reconnects later and gets a fresh snapshot.
 */
export const MAX_BUFFERED_BYTES = 256 * 1024;

/**
 * The most one scoreboard row takes as JSON: a 12-symbol id, a 40-code-point name of 4-byte
 * characters, a score, and the punctuation around them.
 */
const MAX_PLAYER_JSON_BYTES = 256;

/** A socket's send-buffer cap: at least MAX_BUFFERED_BYTES, and always room for one full snapshot. */
export function liveBufferLimit(maxPlayersPerGame: number): number {
  return Math.max(MAX_BUFFERED_BYTES, maxPlayersPerGame * MAX_PLAYER_JSON_BYTES);
}

/** A live message as it goes on the wire: serialized once, written to every socket that needs it. */
export function serializeLive(message: LiveMessage): string {
  return JSON.stringify(message);
}

/**
 * Writes an already serialized message to one socket. The cap is checked before the write (a
 * reader already behind gets nothing more) and after it (a write that pushed the buffer past
 * the cap drops the socket at once, so no socket ever holds much more than the cap).
 * Returns false if the socket was dropped.
 */
export function writeLive(
  socket: WebSocket,
  data: string | Buffer | TextFrame | JoinedFrames,
  limit = MAX_BUFFERED_BYTES,
): boolean {
  if (socket.readyState !== socket.OPEN) return false;
  if (socket.bufferedAmount > limit) {
    socket.terminate();
    return false;
  }
  // A text frame either way: one framed once for every socket is written as it is.
  if (data instanceof TextFrame || data instanceof JoinedFrames) writeFrame(socket, data);
  else socket.send(data, { binary: false });
  if (socket.bufferedAmount > limit) {
    socket.terminate();
    return false;
  }
  return true;
}

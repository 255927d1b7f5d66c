import type { WebSocket } from 'ws';
import type { LiveMessage } from '../../shared/live.js';
import { JoinedFrames, TextFrame, writeFrame } from './frame.js';
import { idleConnection } from './ws-internals.js';

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

/**
 * `writeLive` for a frame built once and written to thousands of sockets (the fan-out), doing
 * per socket only what a bare write does plus the state check: its TCP connection's `write`
 * already says whether the buffer is past its high-water mark (16 KiB, far below the cap), and
 * only then is the buffer measured against the cap. No socket is ever over the cap before a write:
 * every write to a live socket checks after it (here and in `writeLive`) and drops it there.
 */
export function writeFrameLive(socket: WebSocket, frame: TextFrame | JoinedFrames, limit = MAX_BUFFERED_BYTES): void {
  if (socket.readyState !== socket.OPEN) return;
  const connection = frame.bytes.length > 0 ? idleConnection(socket) : null;
  if (connection) {
    if (connection.write(frame.bytes)) return;
  } else writeFrame(socket, frame);
  dropIfOverCap(socket, limit);
}

/** Drops the socket if its send buffer is past the cap (see MAX_BUFFERED_BYTES). */
export function dropIfOverCap(socket: WebSocket, limit: number): void {
  if (socket.bufferedAmount > limit) socket.terminate();
}

import type { WebSocket } from 'ws';
import type { LiveMessage } from '../../shared/live.js';

/**
 * Past this many bytes waiting in one socket's send buffer the reader is not keeping up (a
 * phone in a tunnel); that one socket is dropped rather than letting server memory grow.
 * It reconnects later and gets a fresh snapshot.
 */
export const MAX_BUFFERED_BYTES = 256 * 1024;

/** Writes an already serialized message to one socket. Returns false if the socket was dropped. */
export function writeLive(socket: WebSocket, data: string): boolean {
  if (socket.readyState !== socket.OPEN) return false;
  if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
    socket.terminate();
    return false;
  }
  socket.send(data);
  return true;
}

/** The way the server writes to one live socket. Returns false if the socket was dropped. */
export function sendLive(socket: WebSocket, message: LiveMessage): boolean {
  return writeLive(socket, JSON.stringify(message));
}

import type { FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { isDatabaseUnavailable } from '../db/unavailable.js';

/** Network failures a client's connection can end with; nothing the server did wrong. */
const NETWORK_CODES = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT']);

/**
 * A fault of the client on its own live socket: a frame over the size limit, an unmasked or
 * otherwise malformed frame (ws names these WS_ERR_…), or a dropped connection.
 */
function isClientFault(error: Error & { code?: unknown }): boolean {
  const code = typeof error.code === 'string' ? error.code : '';
  return code.startsWith('WS_ERR_') || NETWORK_CODES.has(code);
}

/**
 * Replaces @fastify/websocket's error handler, which logs every socket error with its stack at
 * error level, so that any client could fill the error log with bad frames. A client's fault is
 * one debug line without a stack, and the socket is closed (ws has already sent the close code,
 * e.g. 1009 for a frame too big). A database that cannot be reached closes it with 1011, so that
 * the client reconnects. Anything else is ours: logged as an error, socket terminated.
 */
export function liveSocketErrorHandler(error: Error, socket: WebSocket, request: FastifyRequest): void {
  if (isClientFault(error)) {
    request.log.debug(
      { code: (error as { code?: unknown }).code, reason: error.message },
      'live socket closed: client fault',
    );
    socket.close();
    return;
  }
  // Its snapshot could not be read (the database restarting): the client reconnects, as after a resync.
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ reason: error.message }, 'live socket closed: database unavailable');
    socket.close(1011, 'Please reconnect.');
    return;
  }
  request.log.error({ err: error }, 'live socket failed');
  socket.terminate();
}

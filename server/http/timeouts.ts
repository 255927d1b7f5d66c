import type { IncomingMessage, ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * A request whose headers and body have not all arrived within `timeoutMs` is answered 408 and
 * its connection closed (by Node, through the server's clientError handler). Node checks on an
 * interval; a short one keeps the deadline close to what it says.
 */
export function requestTimeoutOptions(timeoutMs: number): { requestTimeout: number; http: ServerOptions } {
  return {
    requestTimeout: timeoutMs,
    http: {
      requestTimeout: timeoutMs,
      headersTimeout: timeoutMs,
      connectionsCheckingInterval: Math.min(1000, Math.ceil(timeoutMs / 3)),
    },
  };
}

/**
 * On shutdown, closes at once every connection that is not carrying a request that has fully
 * arrived (slow or stalled bodies, half-sent headers, idle keep-alive). Node stops enforcing the
 * request timeout once the server is closing, so without this a stalled client would hold the
 * shutdown open. Requests that have arrived are still answered; live sockets are closed by the
 * live channel with 1001.
 */
export function dropIncompleteRequestsOnClose(app: FastifyInstance): void {
  const connections = new Set<Socket>();
  // The request each connection is answering now, if any.
  const answering = new WeakMap<Socket, IncomingMessage>();
  app.server.on('connection', (socket: Socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });
  // Synchronous hooks: every request runs them, and an async hook costs a promise each time.
  app.addHook('onRequest', (request, _reply, done) => {
    const socket = request.raw.socket as Socket | null;
    if (socket) answering.set(socket, request.raw);
    done();
  });
  app.addHook('onResponse', (request, _reply, done) => {
    const socket = request.raw.socket as Socket | null;
    if (socket && answering.get(socket) === request.raw) answering.delete(socket);
    done();
  });
  app.addHook('preClose', async () => {
    for (const socket of connections) {
      const request = answering.get(socket);
      const keep = request !== undefined && (request.complete || request.headers.upgrade !== undefined);
      if (!keep) socket.destroy();
    }
  });
}

/**
 * The fan-out's floor: a bare `ws` server (the project's own node_modules) holding live sockets on
 * any path, doing nothing but this. Each socket gets a small snapshot when it opens; then every
 * `POST /send` (its body: one live message as JSON) is answered at once and, on the next turn of
 * the event loop, framed ONCE (ws' `Sender.frame`) and written as the same bytes straight to every
 * socket's TCP connection, in one loop: no rooms, no queues, no slices, no buffer checks. What is
 * left is what any server pays to put one message on N loopback sockets (the kernel's writes).
 * Run by the bench in its own process: PORT=… node --import tsx bench/bare-ws.ts
 */
import { createServer } from 'node:http';
import type { Socket } from 'node:net';
import * as ws from 'ws';
import { WebSocketServer } from 'ws';

/** ws' frame builder: exported by ws but not in @types/ws (server/live/ws-internals.ts checks it). */
const Sender = (ws as unknown as { Sender: unknown }).Sender as {
  frame(
    data: Buffer,
    options: { fin: boolean; opcode: number; mask: boolean; readOnly: boolean; rsv1: boolean },
  ): Buffer[];
};
const textFrame = (payload: Buffer) =>
  Buffer.concat(Sender.frame(payload, { fin: true, opcode: 1, mask: false, readOnly: false, rsv1: false }));

const SNAPSHOT = JSON.stringify({ type: 'snapshot', players: [], playing: [] });
const sockets = new Set<Socket>();

const server = createServer((request, response) => {
  if (request.method === 'GET' && request.url === '/healthz') {
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    return;
  }
  if (request.method !== 'POST' || request.url !== '/send') {
    response.writeHead(404).end();
    return;
  }
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    // After the answer, as the real server writes after the publishing request has answered.
    setImmediate(() => {
      const bytes = textFrame(Buffer.concat(chunks));
      for (const socket of sockets) socket.write(bytes);
    });
  });
});

const wss = new WebSocketServer({ server, perMessageDeflate: false, maxPayload: 1024 });
wss.on('connection', (ws) => {
  const socket = (ws as unknown as { _socket: Socket })._socket;
  sockets.add(socket);
  ws.send(SNAPSHOT);
  ws.on('close', () => sockets.delete(socket));
});

process.on('SIGTERM', () => {
  for (const ws of wss.clients) ws.terminate();
  server.close(() => process.exit(0));
});
server.listen({ port: Number(process.env.PORT), host: '127.0.0.1', backlog: 4096 });

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type AddressInfo, Socket } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { ROOT_DIR } from '../paths.js';
import { TextFrame, writeFrame } from './frame.js';
import { buildTextFrame, idleConnection, steadyConnection, wsFrameBuilder } from './ws-internals.js';

/** A server socket as ws-internals.ts reads it. */
interface Internals {
  _socket: unknown;
  _sender: { _queue: unknown; _state: unknown; dequeue(): void };
}
const internals = (socket: WebSocket) => socket as unknown as Internals;

const servers: WebSocketServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    for (const client of server.clients) client.terminate();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A real server socket and the client connected to it, collecting the text it receives. */
async function pair(
  perMessageDeflate = false,
): Promise<{ server: WebSocket; received: string[]; arrived: (count: number) => Promise<void> }> {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate });
  servers.push(wss);
  await new Promise((resolve) => wss.once('listening', resolve));
  const accepted = new Promise<WebSocket>((resolve) => wss.once('connection', resolve));
  const client = new WebSocket(`ws://127.0.0.1:${(wss.address() as AddressInfo).port}`);
  const received: string[] = [];
  const waiters: (() => void)[] = [];
  client.on('message', (data) => {
    received.push(String(data));
    for (const wake of waiters.splice(0)) wake();
  });
  await new Promise((resolve) => client.once('open', resolve));
  const arrived = async (count: number) => {
    while (received.length < count) await new Promise<void>((resolve) => waiters.push(resolve));
  };
  return { server: await accepted, received, arrived };
}

describe("the ws internals live delivery relies on (fails when ws' shape changes)", () => {
  it('is the exact ws version package.json pins', () => {
    const pinned = JSON.parse(readFileSync(join(ROOT_DIR, 'package.json'), 'utf8')).dependencies.ws;
    const installed = createRequire(import.meta.url)('ws/package.json').version;
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    expect(installed).toBe(pinned);
  });

  it("has a frame builder that frames text as RFC 6455 says, whatever the payload's length class", () => {
    expect(buildTextFrame).not.toBeNull();
    const build = buildTextFrame as NonNullable<typeof buildTextFrame>;
    const long = Buffer.alloc(70_000, 'y');
    const frame = build(long);
    expect([...frame.subarray(0, 10)]).toEqual([0x81, 127, 0, 0, 0, 0, 0, 0x01, 0x11, 0x70]);
    expect(frame.subarray(10).equals(long)).toBe(true);
  });

  it("gives an idle socket's TCP connection, its Sender's queue and its state as expected", async () => {
    const { server } = await pair();
    const { _socket, _sender } = internals(server);
    expect(_socket).toBeInstanceOf(Socket);
    expect(_sender._queue).toEqual([]);
    expect(_sender._state).toBe(0);
    expect(idleConnection(server)).toBe(_socket);
  });

  it('keeps the TCP connection of a socket that compresses nothing, and of no other', async () => {
    const plain = await pair();
    expect(steadyConnection(plain.server)).toBe(internals(plain.server)._socket);
    const deflating = await pair(true);
    expect(Object.keys((deflating.server as unknown as { _extensions: object })._extensions)).toEqual([
      'permessage-deflate',
    ]);
    expect(steadyConnection(deflating.server)).toBeNull();
  });

  it('reports the Sender busy while ws reads a Blob, and queued frames until they are written', async () => {
    const { server, received, arrived } = await pair();
    const sender = internals(server)._sender;
    server.send(new Blob(['from a blob']));
    expect(sender._state).not.toBe(0);
    expect(idleConnection(server)).toBeNull();
    server.send('after the blob');
    expect(sender._queue).toHaveLength(1);
    expect(idleConnection(server)).toBeNull();
    await arrived(2);
    expect(received).toEqual(['from a blob', 'after the blob']);
    expect(idleConnection(server)).toBe(internals(server)._socket);
  });
});

describe("fallback to ws' public send", () => {
  it('when ws has no frame builder, or one that frames differently or throws', () => {
    expect(wsFrameBuilder(null)).toBeNull();
    expect(wsFrameBuilder({})).toBeNull();
    expect(wsFrameBuilder({ Sender: {} })).toBeNull();
    expect(wsFrameBuilder({ Sender: { frame: (data: Buffer) => [data] } })).toBeNull();
    expect(
      wsFrameBuilder({
        Sender: {
          frame: () => {
            throw new TypeError('changed');
          },
        },
      }),
    ).toBeNull();
  });

  it('sends a frame ws could not build through send, and the client gets it', async () => {
    const { server, received, arrived } = await pair();
    const send = vi.spyOn(server, 'send');
    const frame = new TextFrame('{"type":"deleted"}', null);
    expect(frame.bytes).toHaveLength(0);
    writeFrame(server, frame);
    expect(send).toHaveBeenCalledWith('{"type":"deleted"}', { binary: false });
    await arrived(1);
    expect(received).toEqual(['{"type":"deleted"}']);
  });

  it.each([
    ['the Sender has no queue', (socket: Internals) => Object.assign(socket._sender, { _queue: undefined })],
    ["the Sender's state is not a number", (socket: Internals) => Object.assign(socket._sender, { _state: 'idle' })],
    ['the socket has no TCP connection of its own', (socket: Internals) => Object.assign(socket, { _socket: null })],
  ])('when %s, and the client still gets every message in order', async (_, change) => {
    const { server, received, arrived } = await pair();
    const saved = { ...internals(server), _sender: { ...internals(server)._sender } };
    const send = vi.spyOn(server, 'send');
    server.send('before');
    change(internals(server));
    writeFrame(server, new TextFrame('framed once'));
    Object.assign(internals(server), { _socket: saved._socket });
    Object.assign(internals(server)._sender, saved._sender);
    // What ws queued while its state was not its own goes out now, in order.
    internals(server)._sender.dequeue();
    server.send('after');
    expect(send.mock.calls.map(([data]) => String(data))).toEqual(['before', 'framed once', 'after']);
    await arrived(3);
    expect(received).toEqual(['before', 'framed once', 'after']);
  });
});

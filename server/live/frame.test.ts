import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import * as ws from 'ws';
import { WebSocket, WebSocketServer } from 'ws';
import { TextFrame, writeFrame } from './frame.js';

type ReceiverType = new (options: {
  isServer: boolean;
}) => NodeJS.WritableStream & {
  on(event: 'message', listener: (data: Buffer, isBinary: boolean) => void): void;
};
const { Receiver } = ws as unknown as { Receiver: ReceiverType };

/** Decodes frames as a client does (unmasked, from a server). */
function decode(bytes: Buffer): Promise<{ text: string; isBinary: boolean }> {
  const receiver = new Receiver({ isServer: false });
  return new Promise((resolve) => {
    receiver.on('message', (data, isBinary) => resolve({ text: data.toString(), isBinary }));
    receiver.write(bytes);
  });
}

const servers: WebSocketServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    for (const client of server.clients) client.terminate();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A real server socket and the client connected to it. */
async function pair(): Promise<{ server: WebSocket; client: WebSocket }> {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false });
  servers.push(wss);
  await new Promise((resolve) => wss.once('listening', resolve));
  const accepted = new Promise<WebSocket>((resolve) => wss.once('connection', resolve));
  const client = new WebSocket(`ws://127.0.0.1:${(wss.address() as AddressInfo).port}`);
  await new Promise((resolve) => client.once('open', resolve));
  return { server: await accepted, client };
}

function nextMessages(client: WebSocket, count: number): Promise<{ text: string; isBinary: boolean }[]> {
  const got: { text: string; isBinary: boolean }[] = [];
  return new Promise((resolve) => {
    client.on('message', (data, isBinary) => {
      got.push({ text: data.toString(), isBinary });
      if (got.length === count) resolve(got);
    });
  });
}

describe('TextFrame', () => {
  it('decodes as one unmasked text frame of the same text, whatever its length class', async () => {
    // 7-bit, 16-bit and 64-bit payload lengths; non-ASCII text is counted in bytes.
    for (const text of ['{"type":"deleted"}', `"${'é'.repeat(200)}"`, `"${'x'.repeat(70_000)}"`]) {
      const frame = new TextFrame(text);
      expect(frame.bytes[0]).toBe(0x81); // FIN + text
      expect(frame.bytes[1] & 0x80).toBe(0); // not masked
      expect(await decode(frame.bytes)).toEqual({ text, isBinary: false });
    }
    expect(await decode(new TextFrame(Buffer.from('{"a":"ü"}')).bytes)).toEqual({ text: '{"a":"ü"}', isBinary: false });
  });
});

describe('writeFrame', () => {
  it('reaches a real client as the same text message, in order with what ws.send wrote', async () => {
    const { server, client } = await pair();
    const received = nextMessages(client, 3);
    server.send('first', { binary: false });
    writeFrame(server, new TextFrame('{"type":"player","player":{"playerName":"Zoë"}}'));
    server.send('third', { binary: false });
    expect(await received).toEqual([
      { text: 'first', isBinary: false },
      { text: '{"type":"player","player":{"playerName":"Zoë"}}', isBinary: false },
      { text: 'third', isBinary: false },
    ]);
  });

  it('counts in bufferedAmount until the connection has written it', async () => {
    const { server } = await pair();
    const frame = new TextFrame(`"${'x'.repeat(4 * 1024 * 1024)}"`);
    writeFrame(server, frame);
    // 4 MiB cannot all go out at once on loopback: what is left waits in the connection, and ws counts it.
    expect(server.bufferedAmount).toBeGreaterThan(0);
    expect(server.bufferedAmount).toBeLessThanOrEqual(frame.bytes.length);
  });

  it("falls back to ws.send while ws' own sender is busy, so that frames keep their order", async () => {
    const { server, client } = await pair();
    const received = nextMessages(client, 1);
    const sender = (server as unknown as { _sender: { _state: number; dequeue(): void } })._sender;
    const sent: unknown[] = [];
    const send = server.send.bind(server);
    server.send = ((data: string, options: { binary: boolean }) => {
      sent.push(data);
      send(data, options);
    }) as typeof server.send;
    // As while ws reads a Blob: ws.send queues the frame until the sender is idle again.
    sender._state = 2;
    writeFrame(server, new TextFrame('queued'));
    expect(sent).toEqual(['queued']);
    sender._state = 0;
    sender.dequeue();
    expect(await received).toEqual([{ text: 'queued', isBinary: false }]);
  });
});

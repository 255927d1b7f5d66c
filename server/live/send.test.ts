import { describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import { MAX_BUFFERED_BYTES, sendLive, writeLive } from './send.js';

const fakeSocket = (bufferedAmount: number) =>
  ({ OPEN: 1, readyState: 1, bufferedAmount, send: vi.fn(), terminate: vi.fn() }) as unknown as WebSocket & {
    send: ReturnType<typeof vi.fn>;
    terminate: ReturnType<typeof vi.fn>;
  };

describe('sendLive', () => {
  it('writes the message as JSON', () => {
    const socket = fakeSocket(0);
    expect(sendLive(socket, { type: 'snapshot', players: [] })).toBe(true);
    expect(socket.send).toHaveBeenCalledWith('{"type":"snapshot","players":[]}');
  });

  it('drops a socket whose send buffer is past the cap instead of buffering more', () => {
    const socket = fakeSocket(MAX_BUFFERED_BYTES + 1);
    expect(sendLive(socket, { type: 'snapshot', players: [] })).toBe(false);
    expect(socket.send).not.toHaveBeenCalled();
    expect(socket.terminate).toHaveBeenCalled();
  });
});

describe('writeLive', () => {
  it('writes the same serialized message to every socket and drops only the one that is behind', () => {
    const sockets = [fakeSocket(0), fakeSocket(MAX_BUFFERED_BYTES + 1), fakeSocket(10)];
    const expected = '{"type":"player","player":{"playerID":"p","playerName":"Bo","score":5}}';
    for (const socket of sockets) writeLive(socket, expected);
    expect(sockets[0].send).toHaveBeenCalledWith(expected);
    expect(sockets[1].send).not.toHaveBeenCalled();
    expect(sockets[1].terminate).toHaveBeenCalled();
    expect(sockets[2].send).toHaveBeenCalledWith(expected);
  });
});

import { describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import { liveBufferLimit, MAX_BUFFERED_BYTES, serializeLive, writeLive } from './send.js';

const fakeSocket = (bufferedAmount: number) =>
  ({ OPEN: 1, readyState: 1, bufferedAmount, send: vi.fn(), terminate: vi.fn() }) as unknown as WebSocket & {
    send: ReturnType<typeof vi.fn>;
    terminate: ReturnType<typeof vi.fn>;
  };

describe('serializeLive and writeLive', () => {
  it('writes the message as JSON', () => {
    const socket = fakeSocket(0);
    expect(writeLive(socket, serializeLive({ type: 'snapshot', players: [], playing: [] }))).toBe(true);
    expect(socket.send).toHaveBeenCalledWith('{"type":"snapshot","players":[],"playing":[]}', { binary: false });
  });

  it('drops a socket whose send buffer is past the cap instead of buffering more', () => {
    const socket = fakeSocket(MAX_BUFFERED_BYTES + 1);
    expect(writeLive(socket, serializeLive({ type: 'snapshot', players: [], playing: [] }))).toBe(false);
    expect(socket.send).not.toHaveBeenCalled();
    expect(socket.terminate).toHaveBeenCalled();
  });
});

describe('writeLive', () => {
  it('writes the same serialized message to every socket and drops only the one that is behind', () => {
    const sockets = [fakeSocket(0), fakeSocket(MAX_BUFFERED_BYTES + 1), fakeSocket(10)];
    const expected = '{"type":"player","player":{"playerID":"p","playerName":"Bo","score":5}}';
    for (const socket of sockets) writeLive(socket, expected);
    expect(sockets[0].send).toHaveBeenCalledWith(expected, { binary: false });
    expect(sockets[1].send).not.toHaveBeenCalled();
    expect(sockets[1].terminate).toHaveBeenCalled();
    expect(sockets[2].send).toHaveBeenCalledWith(expected, { binary: false });
  });
});

describe('the send-buffer cap after the write', () => {
  /** A socket whose reader never reads: everything sent stays in its buffer. */
  const stuckSocket = (bufferedAmount: number) => {
    const socket = fakeSocket(bufferedAmount);
    socket.send.mockImplementation((data: string) => {
      (socket as { bufferedAmount: number }).bufferedAmount += Buffer.byteLength(data);
    });
    return socket;
  };

  it('drops a socket as soon as one write pushes its buffer past the cap', () => {
    const socket = stuckSocket(MAX_BUFFERED_BYTES - 10);
    expect(writeLive(socket, 'x'.repeat(100))).toBe(false);
    expect(socket.send).toHaveBeenCalledTimes(1);
    expect(socket.terminate).toHaveBeenCalled();
  });

  it('keeps a socket whose buffer stays within the cap after the write', () => {
    const socket = stuckSocket(0);
    expect(writeLive(socket, 'x'.repeat(100))).toBe(true);
    expect(socket.terminate).not.toHaveBeenCalled();
  });

  it('never lets a non-reading socket hold more than the cap, however many messages come', () => {
    const socket = stuckSocket(0);
    const message = 'y'.repeat(1000);
    let writes = 0;
    while (writeLive(socket, message)) writes++;
    expect(socket.terminate).toHaveBeenCalledTimes(1);
    expect(writes).toBe(Math.floor(MAX_BUFFERED_BYTES / 1000));
  });

  it('honours a larger limit given for games with many players', () => {
    const socket = stuckSocket(0);
    expect(writeLive(socket, 'z'.repeat(MAX_BUFFERED_BYTES + 1), MAX_BUFFERED_BYTES * 2)).toBe(true);
    expect(liveBufferLimit(1000)).toBe(MAX_BUFFERED_BYTES);
    expect(liveBufferLimit(10_000)).toBeGreaterThan(MAX_BUFFERED_BYTES);
  });
});

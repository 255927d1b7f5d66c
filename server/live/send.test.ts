import { describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import { MAX_BUFFERED_BYTES, sendLive } from './send.js';

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

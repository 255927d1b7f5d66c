import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';
import * as ws from 'ws';

interface FrameOptions {
  fin: boolean;
  opcode: number;
  mask: boolean;
  readOnly: boolean;
  rsv1: boolean;
}

/** ws' frame builder (exported by ws, not declared in @types/ws): returns the header and the payload. */
const { Sender } = ws as unknown as { Sender: { frame(data: Buffer, options: FrameOptions): Buffer[] } };

/**
 * A text message as one complete WebSocket frame (header and UTF-8 payload in one buffer), built
 * once and written as it is to every socket that gets it. Frames from a server are never masked
 * (RFC 6455 §5.1), so every socket gets the same bytes; `ws.send` would build the header again
 * and write header and payload separately for each socket.
 */
export class TextFrame {
  readonly bytes: Buffer;

  constructor(readonly text: string | Buffer) {
    const payload = typeof text === 'string' ? Buffer.from(text) : text;
    const parts = Sender.frame(payload, { fin: true, opcode: 1, mask: false, readOnly: false, rsv1: false });
    this.bytes = parts.length === 1 ? parts[0] : Buffer.concat(parts);
  }
}

/** What of `ws`' WebSocket this module relies on (not in its types: ws 8's own internals). */
interface WebSocketInternals {
  _socket: Socket | null;
  _sender: { _queue: unknown[]; _state: number } | null;
}

/** ws 8's Sender state when it is not compressing or reading a Blob (`DEFAULT` in ws/lib/sender.js). */
const SENDER_IDLE = 0;

/**
 * Writes a frame built by `TextFrame` to an OPEN socket's TCP connection directly, when nothing
 * of ws' own is waiting to be written before it (its Sender queues frames while it compresses or
 * reads a Blob; we use neither, but then it falls back to `ws.send`, which keeps the order).
 * `socket.bufferedAmount` stays right: ws counts what its TCP connection has not written yet.
 * A write error surfaces as the connection's 'error', which ws already handles (it closes the socket).
 */
export function writeFrame(socket: WebSocket, frame: TextFrame): void {
  const { _socket: connection, _sender: sender } = socket as unknown as WebSocketInternals;
  if (connection && sender && sender._queue.length === 0 && sender._state === SENDER_IDLE) {
    connection.write(frame.bytes);
    return;
  }
  socket.send(frame.text, { binary: false });
}

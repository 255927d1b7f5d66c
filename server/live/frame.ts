import type { WebSocket } from 'ws';
import { buildTextFrame, type FrameBuilder, idleConnection } from './ws-internals.js';

/**
 * A text message as one complete WebSocket frame (header and UTF-8 payload in one buffer), built
 * once and written as it is to every socket that gets it. Frames from a server are never masked
 * (RFC 6455 §5.1), so every socket gets the same bytes; `ws.send` would build the header again
 * and write header and payload separately for each socket.
 */
export class TextFrame {
  /** The whole frame; empty when ws' frame builder is not usable (ws-internals.ts), and then `ws.send` frames the text. */
  readonly bytes: Buffer;

  constructor(
    readonly text: string | Buffer,
    build: FrameBuilder | null = buildTextFrame,
  ) {
    this.bytes = build ? build(typeof text === 'string' ? Buffer.from(text) : text) : Buffer.alloc(0);
  }
}

/**
 * Writes a frame built by `TextFrame` to an OPEN socket's TCP connection directly when that keeps
 * the order of frames (see `idleConnection`), else through `ws.send`. A write error surfaces as
 * the connection's 'error', which ws already handles (it closes the socket).
 */
export function writeFrame(socket: WebSocket, frame: TextFrame): void {
  const connection = frame.bytes.length > 0 ? idleConnection(socket) : null;
  if (connection) connection.write(frame.bytes);
  else socket.send(frame.text, { binary: false });
}

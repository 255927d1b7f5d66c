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
 * Several frames for the same sockets, joined once into one buffer: each socket gets them all in
 * ONE write (one system call, one TCP segment), where each frame alone would cost its own. The
 * live fan-out joins the messages that piled up for a game while its sockets were being written.
 */
export class JoinedFrames {
  /** Every frame's bytes, in order; empty when one of them has none (then each goes through `ws.send`). */
  readonly bytes: Buffer;

  constructor(readonly frames: readonly TextFrame[]) {
    const whole = frames.every((frame) => frame.bytes.length > 0);
    this.bytes = whole ? Buffer.concat(frames.map((frame) => frame.bytes)) : Buffer.alloc(0);
  }
}

/**
 * Writes frames built by `TextFrame` (one, or joined) to an OPEN socket's TCP connection directly
 * when that keeps the order of frames (see `idleConnection`), else through `ws.send`, one by one.
 * A write error surfaces as the connection's 'error', which ws already handles (it closes the socket).
 */
export function writeFrame(socket: WebSocket, frame: TextFrame | JoinedFrames): void {
  const connection = frame.bytes.length > 0 ? idleConnection(socket) : null;
  if (connection) connection.write(frame.bytes);
  else if (frame instanceof TextFrame) socket.send(frame.text, { binary: false });
  else for (const one of frame.frames) socket.send(one.text, { binary: false });
}

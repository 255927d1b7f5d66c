import type { WebSocket } from 'ws';
import * as ws from 'ws';

/*
 * Every use of `ws`' private internals, and only here: its frame builder (`Sender.frame`, exported
 * but not in @types/ws), a socket's TCP connection (`_socket`) and its Sender's queue and state
 * (`_sender._queue`, `_sender._state`). They are what let one live message be framed once and
 * written as the same bytes to thousands of sockets (see frame.ts). ws is pinned to the exact
 * version they were checked against (package.json); each is checked before it is used, and where
 * one is not as expected the caller falls back to ws' public `send`, which is slower but right.
 * ws-internals.test.ts fails when their shape changes, so an upgrade of ws shows up in the tests.
 */

/** Builds one complete, unmasked, final text frame (header and payload in one buffer). */
export type FrameBuilder = (payload: Buffer) => Buffer;

interface FrameOptions {
  fin: boolean;
  opcode: number;
  mask: boolean;
  readOnly: boolean;
  rsv1: boolean;
}

/** Payloads whose frames we know byte for byte (RFC 6455 §5.2): a 7-bit and a 16-bit length. */
const KNOWN_FRAMES: readonly { payload: Buffer; header: Buffer }[] = [
  { payload: Buffer.from('ok'), header: Buffer.from([0x81, 2]) },
  { payload: Buffer.alloc(300, 'x'), header: Buffer.from([0x81, 126, 0x01, 0x2c]) },
];

/**
 * ws' frame builder, wrapped, if `module` (ws itself, or a stand-in in tests) has one that frames
 * the known payloads exactly as RFC 6455 says; null otherwise, and then messages go through `send`.
 */
export function wsFrameBuilder(module: unknown): FrameBuilder | null {
  const sender = (module as { Sender?: { frame?: unknown } } | null)?.Sender;
  const frame = sender?.frame;
  if (typeof frame !== 'function') return null;
  const build: FrameBuilder = (payload) => {
    const options: FrameOptions = { fin: true, opcode: 1, mask: false, readOnly: false, rsv1: false };
    const parts = frame.call(sender, payload, options) as Buffer[];
    return parts.length === 1 ? parts[0] : Buffer.concat(parts);
  };
  try {
    const right = KNOWN_FRAMES.every(({ payload, header }) => build(payload).equals(Buffer.concat([header, payload])));
    return right ? build : null;
  } catch {
    return null;
  }
}

/** The installed ws' frame builder, checked once when the server starts. */
export const buildTextFrame: FrameBuilder | null = wsFrameBuilder(ws);

/** What a TCP connection must offer to be written to directly. */
export interface Connection {
  /** False once the connection holds past its high-water mark unwritten (Node's `Writable.write`). */
  write(bytes: Buffer): boolean;
}

/** ws 8's Sender state when it neither compresses nor reads a Blob (`DEFAULT` in ws/lib/sender.js). */
const SENDER_IDLE = 0;

/**
 * The socket's TCP connection, when a frame written to it directly goes out in order: nothing of
 * ws' own waits to be written before it (its Sender queues frames while it compresses or reads a
 * Blob). Null when something does, or when ws' internals are not what this file expects; the
 * caller then uses `socket.send`, which keeps the order. Writing to the connection keeps
 * `socket.bufferedAmount` right, as ws counts what its connection has not written yet.
 */
export function idleConnection(socket: WebSocket): Connection | null {
  const { _socket: connection, _sender: sender } = socket as unknown as {
    _socket?: { write?: unknown } | null;
    _sender?: { _queue?: unknown; _state?: unknown } | null;
  };
  if (typeof connection?.write !== 'function') return null;
  if (!sender || sender._state !== SENDER_IDLE) return null;
  if (!Array.isArray(sender._queue) || sender._queue.length > 0) return null;
  return connection as Connection;
}

/**
 * The socket's TCP connection, to be kept and written to directly for as long as the socket is
 * open, when nothing of ws' own can ever wait to be written before a frame: the socket compresses
 * nothing (no permessage-deflate negotiated; app.ts turns it off) and this server never sends a
 * Blob, so ws' Sender writes every frame at once and never queues. The fan-out keeps it per socket
 * so that writing one message to thousands of sockets touches each socket's connection only (see
 * delivery.ts). Null when ws' internals are not as expected; the caller then writes through
 * `writeFrameLive`, which checks on each write.
 */
export function steadyConnection(socket: WebSocket): Connection | null {
  const extensions = (socket as unknown as { _extensions?: unknown })._extensions;
  if (typeof extensions !== 'object' || extensions === null || Object.keys(extensions).length > 0) return null;
  return idleConnection(socket);
}

import type { WebSocket } from 'ws';
import { LIVE_CLOSE_UNKNOWN_GAME, type LiveMessage } from '../../shared/live.js';
import { JoinedFrames, TextFrame } from './frame.js';
import { dropIfOverCap, serializeLive, writeFrameLive, writeLive } from './send.js';
import { type Connection, steadyConnection } from './ws-internals.js';

/*
 * How a game room's messages reach its sockets (room.ts decides which sockets and when). The
 * fan-out writes one message to thousands of sockets, so what it does per socket is what a live
 * message costs beyond the kernel's write (bench/live.ts measures it beside a bare ws server).
 * With thousands of sockets, each one's objects are cold in the CPU's cache by the next message,
 * so every object touched per socket is a cache miss that the floor does not pay: a CPU profile of
 * the fan-out (issue 46) put ~10 % of its time in our own per-socket code (a Map look-up, the ws
 * object, its Sender and queue, the buffer count twice). Per socket now: the Watch, the ws object's
 * state, and one write of bytes framed once to the TCP connection kept on the Watch.
 */

/** ws' `WebSocket.OPEN`. */
const OPEN = 1;

/** An event as it goes out on the live channel: serialized and framed once for every socket of its game. */
export interface Outgoing {
  /** Framed once (UTF-8 and the WebSocket header) for all the sockets; several joined (see Delivery). */
  data: TextFrame | JoinedFrames;
  /** After `deleted` the socket is closed: the game is gone. */
  last: boolean;
}

export function outgoing(event: LiveMessage): Outgoing {
  return { data: new TextFrame(serializeLive(event)), last: event.type === 'deleted' };
}

export const DELETED = outgoing({ type: 'deleted' });

/** Messages as one: their frames joined (one write per socket); the last closes the socket if any does. */
export function joinAll(messages: readonly Outgoing[]): Outgoing {
  if (messages.length === 1) return messages[0];
  const frames = messages.flatMap(({ data }) => (data instanceof JoinedFrames ? data.frames : [data]));
  return { data: new JoinedFrames(frames), last: messages.some((m) => m.last) };
}

/**
 * One socket's place in a room, which the fan-out holds directly (no look-up by socket per
 * message): what arrives before its snapshot is written waits in `queue`; `present` turns false
 * when it leaves. A fresh snapshot (resync) gives it a new `generation` and an empty queue, so a
 * snapshot read for an earlier one is not written.
 */
export class Watch {
  queue: Outgoing[] | null = [];
  present = true;
  generation = 0;
  /** Its TCP connection once its snapshot is written, if written to directly (see `steadyConnection`). */
  connection: Connection | null = null;

  constructor(readonly socket: WebSocket) {}
}

/** Writes one message (or several joined) to a socket; closes it after `deleted`. */
export function writeOutgoing(socket: WebSocket, { data, last }: Outgoing, limit: number): void {
  writeFrameLive(socket, data, limit);
  if (last) socket.close(LIVE_CLOSE_UNKNOWN_GAME, 'This game was deleted.');
}

/** The snapshot (already serialized, shared by every socket), then what queued meanwhile. */
export function writeSnapshot(watch: Watch, snapshot: string, queued: readonly Outgoing[], limit: number): void {
  const { socket } = watch;
  watch.connection = steadyConnection(socket);
  writeLive(socket, snapshot, limit);
  if (queued.length > 0) writeOutgoing(socket, joinAll(queued), limit);
}

/**
 * Messages on their way to the sockets of a room as it was when the first of them arrived. While
 * the fan-out has not begun writing them, later messages for the same sockets join them (`add`),
 * and each socket gets them all in one write: a burst of answers to a watched game costs one
 * system call per socket, not one per answer per socket.
 */
export class Delivery {
  readonly #messages: Outgoing[];
  #started = false;
  /** The messages' frames joined, once, on the first socket written. */
  #joined: Outgoing | undefined;

  constructor(
    first: Outgoing,
    /** The room's count of joins when it began: a socket that joined since must not get these. */
    readonly joins: number,
    private readonly limit: number,
    /** Called once, when the first socket is reached (the room stops adding to it). */
    private readonly onStart: (delivery: Delivery) => void,
  ) {
    this.#messages = [first];
  }

  /** Joins a later message, if nothing has been written yet; false if too late. */
  add(message: Outgoing): boolean {
    if (this.#started) return false;
    this.#messages.push(message);
    return true;
  }

  /** The fan-out's step for one socket (one function for every socket of the delivery). */
  readonly to = (watch: Watch): void => {
    if (!this.#started) {
      this.#started = true;
      this.onStart(this);
    }
    if (!watch.present) return;
    if (watch.queue) {
      for (const message of this.#messages) watch.queue.push(message);
      return;
    }
    this.#joined ??= joinAll(this.#messages);
    const joined = this.#joined;
    const { connection } = watch;
    const { bytes } = joined.data;
    if (connection === null || bytes.length === 0 || joined.last) {
      writeOutgoing(watch.socket, joined, this.limit);
      return;
    }
    if (watch.socket.readyState !== OPEN) return;
    // Node's write says when the buffer is past its high-water mark; only then is the cap looked at.
    if (!connection.write(bytes)) dropIfOverCap(watch.socket, this.limit);
  };
}

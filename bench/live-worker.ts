/**
 * A client process of the live benchmark (forked by bench/workers.ts): holds live sockets in
 * named groups and reports, for the k-th message after the snapshot, when the LAST socket of the
 * group received it. Times are `performance.timeOrigin + performance.now()`, comparable across
 * processes. Messages are not parsed: every socket receives the same messages in the same order.
 * Sockets are plain TCP speaking just enough WebSocket (see openOne).
 *
 * `watch` (bench/games.ts) opens tracked sockets instead, one per URL, many games in one group:
 * each message after the snapshot is parsed and its arrival reported (batched every 100 ms) under
 * a key that names the request it came from: `playing` as `<playerName>#<round>`, `player` as
 * `<playerName>#done` (and `snapshot` for a snapshot after the first one).
 */

import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { readFrames } from './ws-frames.js';

export type ToWorker =
  | { type: 'open'; group: string; url: string; count: number; localAddress: string }
  | { type: 'watch'; group: string; urls: string[]; localAddress: string }
  | { type: 'close' };
export type FromWorker =
  | { type: 'opened'; group: string }
  | { type: 'delivered'; group: string; k: number; first: number; last: number }
  | { type: 'arrivals'; group: string; keys: string[]; at: number[] }
  | { type: 'failed'; message: string };

interface Group {
  sockets: Socket[];
  /** Per message index: how many sockets have it, and when the first one got it. */
  count: number[];
  first: number[];
}

const groups = new Map<string, Group>();

/**
 * This process is an instrument: its own garbage collection must not land in the middle of a
 * delivery and be counted as the server's delay. It collects right after each message has
 * reached all its sockets, in the gap before the next one (the bench sends one at a time).
 */
const gc = (globalThis as { gc?: () => void }).gc;
let collecting = false;
function collectLater() {
  if (!gc || collecting) return;
  collecting = true;
  setTimeout(() => {
    collecting = false;
    gc();
  }, 10);
}
const now = () => performance.timeOrigin + performance.now();
const send = (message: FromWorker) => process.send?.(message);

function fail(error: unknown): never {
  send({ type: 'failed', message: String(error instanceof Error ? error.message : error) });
  process.exit(1);
}

/** Answers a ping (RFC 6455 §5.5.3): a masked pong with the ping's payload (mask 0, so the bytes stay as they are). */
function pong(socket: Socket, payload: Buffer) {
  socket.write(Buffer.concat([Buffer.from([0x8a, 0x80 | payload.length, 0, 0, 0, 0]), payload]));
}

/**
 * One live socket, as plain TCP: the upgrade by hand, then frames are only delimited and counted,
 * never decoded. The bench measures the server, and a full WebSocket client per socket would make
 * the instrument the slowest part (its own parsing and events, 5,000 times per message).
 */
function openOne(
  group: Group,
  url: string,
  localAddress: string,
  onMessage: (at: number, payload: Buffer) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const { hostname, port, pathname, search, host } = new URL(url);
    const socket = connect({ host: hostname, port: Number(port), localAddress });
    socket.setNoDelay(true);
    group.sockets.push(socket);
    socket.write(
      `GET ${pathname}${search} HTTP/1.1\r\nHost: ${host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
        `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
    );
    let snapshot = false;
    let upgraded = false;
    let buffer: Buffer = Buffer.alloc(0);
    const onText = (at: number, payload: Buffer) => {
      if (!snapshot) {
        snapshot = true;
        resolve();
      } else onMessage(at, payload);
    };
    socket.on('data', (chunk: Buffer) => {
      const at = now();
      buffer = buffer.length > 0 ? Buffer.concat([buffer, chunk]) : chunk;
      if (!upgraded) {
        const end = buffer.indexOf('\r\n\r\n');
        if (end < 0) return;
        const status = buffer.subarray(0, end).toString('latin1').split('\r\n')[0];
        if (!status.includes(' 101 ')) return reject(new Error(`the live upgrade answered ${status}`));
        upgraded = true;
        buffer = buffer.subarray(end + 4);
      }
      buffer = readFrames(buffer, (opcode, payload) => {
        if (opcode === 0x1) onText(at, payload);
        else if (opcode === 0x9) pong(socket, payload);
        else if (opcode === 0x8 && !snapshot) reject(new Error('a live socket closed before its snapshot'));
      });
    });
    socket.on('error', reject);
    socket.on('close', () => {
      if (!snapshot) reject(new Error('a live socket closed before its snapshot'));
    });
  });
}

/** The k-th message after the snapshot on a socket of a group of `size`: reported once every socket has it. */
function counter(name: string, group: Group, size: number) {
  let next = 0;
  return (at: number) => {
    const k = next++;
    const count = (group.count[k] ?? 0) + 1;
    group.count[k] = count;
    if (count === 1) group.first[k] = at;
    if (count === size) {
      send({ type: 'delivered', group: name, k, first: group.first[k], last: at });
      collectLater();
    }
  };
}

/** Runs `open` for each of `count` sockets, at most 100 opening at once. */
async function inBatches(count: number, open: (i: number) => Promise<void>) {
  for (let done = 0; done < count; done += 100) {
    const batch = Math.min(100, count - done);
    await Promise.all(Array.from({ length: batch }, (_, i) => open(done + i)));
  }
}

async function open(name: string, url: string, count: number, localAddress: string) {
  const group: Group = { sockets: [], count: [], first: [] };
  groups.set(name, group);
  await inBatches(count, () => openOne(group, url, localAddress, counter(name, group, count)));
  send({ type: 'opened', group: name });
}

/** Arrivals of tracked sockets not reported yet, per group (see `watch`). */
const arrivals = new Map<string, { keys: string[]; at: number[] }>();
setInterval(() => {
  for (const [group, batch] of arrivals) {
    if (batch.keys.length > 0) send({ type: 'arrivals', group, ...batch });
  }
  arrivals.clear();
}, 100).unref();

/** `playing` as `<playerName>#<round>`, `player` as `<playerName>#done`, a later snapshot as `snapshot`; undefined for other messages. */
function arrivalKey(payload: Buffer): string | undefined {
  const message = JSON.parse(payload.toString('utf8')) as {
    type: string;
    player?: { playerName: string; round?: number };
  };
  if (message.type === 'playing') return `${message.player?.playerName}#${message.player?.round}`;
  if (message.type === 'player') return `${message.player?.playerName}#done`;
  // A fresh snapshot after the first: the room resynced (the bus had a gap, or took an instance for dead).
  if (message.type === 'snapshot') return 'snapshot';
  return undefined;
}

async function watch(name: string, urls: string[], localAddress: string) {
  const group: Group = { sockets: [], count: [], first: [] };
  groups.set(name, group);
  const track = (at: number, payload: Buffer) => {
    const key = arrivalKey(payload);
    if (key === undefined) return;
    const batch = arrivals.get(name) ?? { keys: [], at: [] };
    arrivals.set(name, batch);
    batch.keys.push(key);
    batch.at.push(at);
  };
  await inBatches(urls.length, (i) => openOne(group, urls[i], localAddress, track));
  send({ type: 'opened', group: name });
}

process.on('message', (message: ToWorker) => {
  if (message.type === 'open') {
    open(message.group, message.url, message.count, message.localAddress).catch(fail);
  } else if (message.type === 'watch') {
    watch(message.group, message.urls, message.localAddress).catch(fail);
  } else {
    for (const group of groups.values()) for (const socket of group.sockets) socket.destroy();
    process.exit(0);
  }
});
// Ends with the bench, or after 15 minutes whatever happens.
process.on('disconnect', () => process.exit(0));
setTimeout(() => process.exit(2), 15 * 60_000).unref();

/**
 * A client process of the live benchmark (forked by bench/workers.ts): holds live sockets in
 * named groups and reports, for the k-th message after the snapshot, when the LAST socket of the
 * group received it. Times are `performance.timeOrigin + performance.now()`, comparable across
 * processes. Messages are not parsed: every socket receives the same messages in the same order.
 */
import { WebSocket } from 'ws';

export type ToWorker =
  | { type: 'open'; group: string; url: string; count: number; localAddress: string }
  | { type: 'close' };
export type FromWorker =
  | { type: 'opened'; group: string }
  | { type: 'delivered'; group: string; k: number; first: number; last: number }
  | { type: 'failed'; message: string };

interface Group {
  sockets: WebSocket[];
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

function openOne(name: string, group: Group, url: string, localAddress: string, size: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { localAddress });
    group.sockets.push(socket);
    let next = -1; // -1: the snapshot is still to come
    socket.on('message', () => {
      const at = now();
      if (next < 0) {
        next = 0;
        resolve();
        return;
      }
      const k = next++;
      const count = (group.count[k] ?? 0) + 1;
      group.count[k] = count;
      if (count === 1) group.first[k] = at;
      if (count === size) {
        send({ type: 'delivered', group: name, k, first: group.first[k], last: at });
        collectLater();
      }
    });
    socket.on('error', reject);
    socket.on('close', (code) => {
      if (next < 0) reject(new Error(`a live socket closed with ${code} before its snapshot`));
    });
  });
}

async function open(name: string, url: string, count: number, localAddress: string) {
  const group: Group = { sockets: [], count: [], first: [] };
  groups.set(name, group);
  for (let done = 0; done < count; done += 100) {
    const batch = Math.min(100, count - done);
    await Promise.all(Array.from({ length: batch }, () => openOne(name, group, url, localAddress, count)));
  }
  send({ type: 'opened', group: name });
}

process.on('message', (message: ToWorker) => {
  if (message.type === 'open') {
    open(message.group, message.url, message.count, message.localAddress).catch(fail);
  } else {
    for (const group of groups.values()) for (const socket of group.sockets) socket.terminate();
    process.exit(0);
  }
});
// Ends with the bench, or after 15 minutes whatever happens.
process.on('disconnect', () => process.exit(0));
setTimeout(() => process.exit(2), 15 * 60_000).unref();

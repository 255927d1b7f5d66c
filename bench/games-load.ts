/**
 * The open-loop load of bench/games.ts: friends playing games round by round, each request sent
 * at its scheduled time whether or not earlier ones have been answered (no coordinated omission),
 * and every latency counted from that scheduled time, so a request that waited on the bound of
 * requests in flight, or on the same friend's previous reply, counts the wait.
 *
 * Friends keep a steady pace: every slot (a place for one friend on one game) sends one request
 * every `gap` ms — its friend's next round, or their log-response after the last round — and takes
 * a new friend once the last one has finished. All slots have the same gap, so the schedule is one
 * FIFO queue: the slot taken from its head is put back at its tail, due `gap` later.
 */
import { type Agent, request } from 'node:http';
import { now } from './harness.js';

export type Call = 'answer-round' | 'log-response';

/** One friend playing: their answers, how many of their requests have been sent. */
export interface Friend {
  gameId: string;
  playerId: string;
  /** Unique in the run: the live messages carry it, so an arrival names its request. */
  name: string;
  answers: number[];
  /** Requests sent so far (rounds, then the log-response). */
  sent: number;
  /** The previous request's reply (the next one waits for it, as a real client does). */
  previous: Promise<void>;
  /** A request of theirs failed: the slot takes a new friend at its next turn. */
  broken: boolean;
  /** The instance (index) this friend writes to. */
  instance: number;
}

export interface Slot {
  game: number;
  friend: Friend;
  due: number;
}

/** One request as measured: scheduled time, when it went out, when its reply came, status. */
export interface Sample {
  call: Call;
  due: number;
  sent: number;
  replied: number;
  status: number;
}

/** A JSON POST on a keep-alive connection; resolves with the status once the whole reply is in. */
export function postJson(agent: Agent, url: URL, body: unknown): Promise<number> {
  return new Promise((resolve) => {
    const data = JSON.stringify(body);
    const req = request(
      url,
      {
        agent,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', () => resolve(0));
      },
    );
    req.on('error', () => resolve(0));
    req.end(data);
  });
}

/** What a friend's next request is, and the key its live message will arrive under (live-worker.ts). */
export function nextRequest(friend: Friend): { call: Call; body: unknown; key: string } {
  const { gameId, playerId, name: userName, answers, sent } = friend;
  if (sent < answers.length) {
    return {
      call: 'answer-round',
      body: { gameId, playerId, userName, round: sent, answer: answers[sent] },
      // The `playing` message says how many rounds are stored.
      key: `${userName}#${sent + 1}`,
    };
  }
  return { call: 'log-response', body: { gameId, playerId, userName, responseSet: answers }, key: `${userName}#done` };
}

export interface LoadOptions {
  /** One keep-alive agent and base URL per instance. */
  instances: { url: string; agent: Agent }[];
  /** A new friend for a slot (of game `game`). */
  newFriend: (game: number) => Friend;
  gap: number;
  /** Measured from `start` for `seconds`; requests due after it are not sent. */
  start: number;
  seconds: number;
  maxInFlight: number;
  /** Called when a request is handed over (before it is sent): its delivery key, scheduled time, instance. */
  onDispatch: (key: string, due: number, instance: number) => void;
  /** Called on each 200 reply. */
  onStored: (key: string) => void;
}

/** Runs the schedule of `slots` (sorted by `due`) until `start + seconds`, then waits for the replies. */
export async function runLoad(slots: Slot[], options: LoadOptions) {
  const { instances, gap, maxInFlight } = options;
  const end = options.start + options.seconds * 1000;
  const samples: Sample[] = [];
  const waiting: (() => void)[] = [];
  const queue = [...slots];
  let inFlight = 0;
  let peakInFlight = 0;
  let waitedOnBound = 0;
  let skipped = 0;
  const pending = new Set<Promise<void>>();

  /** Takes a place among the requests in flight (waiting in order for one if all are taken). */
  const acquire = () => {
    if (inFlight < maxInFlight) {
      inFlight += 1;
      peakInFlight = Math.max(peakInFlight, inFlight);
      return Promise.resolve();
    }
    waitedOnBound += 1;
    return new Promise<void>((resolve) => waiting.push(resolve));
  };
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else inFlight -= 1;
  };

  const dispatch = (slot: Slot, due: number) => {
    if (slot.friend.broken || slot.friend.sent > slot.friend.answers.length) slot.friend = options.newFriend(slot.game);
    const friend = slot.friend;
    const { call, body, key } = nextRequest(friend);
    friend.sent += 1;
    options.onDispatch(key, due, friend.instance);
    const { url, agent } = instances[friend.instance];
    const done = friend.previous.then(async () => {
      if (friend.broken) {
        skipped += 1;
        return;
      }
      await acquire();
      const sent = now();
      const status = await postJson(agent, new URL(`/prod/${call}`, url), body);
      const replied = now();
      release();
      samples.push({ call, due, sent, replied, status });
      if (status === 200) options.onStored(key);
      else friend.broken = true;
    });
    friend.previous = done;
    pending.add(done);
    void done.finally(() => pending.delete(done));
  };

  await new Promise<void>((finished) => {
    const pump = () => {
      const at = now();
      while (queue.length > 0 && queue[0].due <= at) {
        const slot = queue.shift() as Slot;
        if (slot.due >= end) {
          queue.length = 0;
          break;
        }
        dispatch(slot, slot.due);
        slot.due += gap;
        queue.push(slot);
      }
      if (queue.length === 0) finished();
      else setTimeout(pump, Math.max(0, queue[0].due - now()));
    };
    pump();
  });
  while (pending.size > 0) await Promise.all(pending);
  return { samples, peakInFlight, waitedOnBound, skipped };
}

/**
 * What each instance takes in from the bus: 4 instances (in this one process, each with its own
 * Redis connections), games watched by one instance each (its sockets' instance, chosen at
 * random), commits of one event for a random game written by a random instance. Per instance:
 * the messages it parsed against its ideal share, the events of the games it watches (the goal
 * of issue 46: within 1.2×). Side by side in one run: the Redis bus's per-game sharded channels
 * (server/events/redis-bus.ts) on one Redis and, with redis-server installed, on a three-node
 * Redis Cluster of the bench's own; and one channel for every game (as the bus was before: every
 * instance SUBSCRIBEs it and parses every message): a plain SUBSCRIBE/PUBLISH of the same
 * envelopes, and with `compare <dir>` the RedisEventBus of <dir>'s checkout itself. Also the CPU
 * this process spent (all four instances and the writers) per 1,000 commits.
 */
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { Redis } from 'ioredis';
import type { GameEvent } from '../server/events/bus.js';
import { envelopeJson, parseEnvelope } from '../server/events/envelope.js';
import { RedisEventBus } from '../server/events/redis-bus.js';
import { hasRedisServer, startRedisCluster } from '../server/testing/redis-cluster.js';
import { medianRange } from './harness.js';

export interface BusShareOptions {
  redis: string;
  instances: number;
  games: number;
  commits: number;
  rounds: number;
  /** Commits in flight at once (each instance's writes run concurrently, as requests do). */
  inFlight: number;
  /** A checkout whose own Redis bus runs as one more mode ("before", with `compare`). */
  before?: string;
}

interface Trial {
  /** Per instance: messages parsed over its ideal share. */
  ratios: number[];
  cpuMsPer1000: number;
}

export interface BusShareResult {
  options: BusShareOptions;
  modes: { name: string; trials: Trial[] }[];
}

/** An instance of the trial: what it parsed, what its subscribers got, and how to write and stop. */
interface Instance {
  parsed(): number;
  delivered: number;
  write(gameId: string, event: GameEvent): Promise<void>;
  close(): Promise<void>;
}

const event = (n: number): GameEvent => ({ type: 'player', player: { playerID: `p${n}`, playerName: 'F', score: n } });

/** The Redis bus as the server runs it: an instance watches its games, so it subscribes to their channels. */
async function perGameInstance(url: string, channel: string, watched: string[]): Promise<Instance> {
  const bus = new RedisEventBus({ url, channel });
  await bus.start();
  const instance: Instance = {
    // Game channel messages, and the control channel's beats (one per second per instance).
    parsed: () => bus.gameMessagesReceived + bus.controlMessagesReceived,
    delivered: 0,
    write: (gameId, e) => bus.announceCommitted([{ gameId, event: e }]),
    close: () => bus.close(),
  };
  await Promise.all(
    watched.map((gameId) => new Promise<void>((heard) => bus.subscribe(gameId, () => instance.delivered++, { heard }))),
  );
  return instance;
}

/** One channel for every game: every instance SUBSCRIBEs it and parses every message. */
async function oneChannelInstance(url: string, channel: string, watched: string[]): Promise<Instance> {
  const subscriber = new Redis(url);
  const publisher = new Redis(url);
  const mine = new Set(watched);
  let parsed = 0;
  const instance: Instance = {
    parsed: () => parsed,
    delivered: 0,
    write: async (gameId, e) => {
      await publisher.publish(channel, envelopeJson([{ gameId, event: e }]));
    },
    close: async () => {
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
  subscriber.on('message', (_channel, message: string) => {
    parsed += 1;
    for (const { gameId } of parseEnvelope(message)?.events ?? []) if (mine.has(gameId)) instance.delivered++;
  });
  await subscriber.subscribe(channel);
  return instance;
}

/** The bus of another checkout (before issue 46: one channel), counting the messages it parses. */
async function beforeInstance(dir: string, url: string, channel: string, watched: string[]): Promise<Instance> {
  const { RedisEventBus: Before } = (await import(resolve(dir, 'server/events/redis-bus.ts'))) as {
    RedisEventBus: new (options: { url: string; channel: string }) => RedisEventBus;
  };
  const bus = new Before({ url, channel });
  // Its subscription calls `received` for every message: counted on the way.
  const internals = bus as unknown as { received(channel: string, message: string): void };
  const received = internals.received.bind(bus);
  let parsed = 0;
  internals.received = (on, message) => {
    parsed += 1;
    received(on, message);
  };
  await bus.start();
  const instance: Instance = {
    parsed: () => parsed,
    delivered: 0,
    write: (gameId, e) => bus.announceCommitted([{ gameId, event: e }]),
    close: () => bus.close(),
  };
  for (const gameId of watched) bus.subscribe(gameId, () => instance.delivered++);
  return instance;
}

async function trial(
  options: BusShareOptions,
  make: (channel: string, watched: string[]) => Promise<Instance>,
): Promise<Trial> {
  const channel = `wl_bench_${randomBytes(4).toString('hex')}`;
  const games = Array.from({ length: options.games }, (_, i) => `game-${i}-${randomBytes(3).toString('hex')}`);
  const watcherOf = games.map(() => Math.floor(Math.random() * options.instances));
  const instances: Instance[] = [];
  for (let k = 0; k < options.instances; k++) {
    instances.push(
      await make(
        channel,
        games.filter((_, g) => watcherOf[g] === k),
      ),
    );
  }
  const ideal = new Array<number>(options.instances).fill(0);
  const start = instances.map((instance) => instance.parsed());
  const cpu = process.cpuUsage();
  let next = 0;
  const writer = async () => {
    while (next < options.commits) {
      const n = next++;
      const g = Math.floor(Math.random() * games.length);
      ideal[watcherOf[g]] += 1;
      await instances[Math.floor(Math.random() * instances.length)].write(games[g], event(n));
    }
  };
  await Promise.all(Array.from({ length: options.inFlight }, writer));
  // Every watched game's event delivered where it is watched.
  while (instances.reduce((sum, instance) => sum + instance.delivered, 0) < options.commits) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const used = process.cpuUsage(cpu);
  const ratios = instances.map((instance, k) => (instance.parsed() - start[k]) / Math.max(1, ideal[k]));
  await Promise.all(instances.map((instance) => instance.close()));
  return { ratios, cpuMsPer1000: ((used.user + used.system) / 1000 / options.commits) * 1000 };
}

export async function busShareBench(options: BusShareOptions): Promise<BusShareResult> {
  const cluster = hasRedisServer ? await startRedisCluster(3) : undefined;
  const modes: { name: string; make: (channel: string, watched: string[]) => Promise<Instance> }[] = [
    { name: 'per-game channels, one Redis', make: (c, w) => perGameInstance(options.redis, c, w) },
    ...(cluster
      ? [
          {
            name: 'per-game channels, 3-node cluster',
            make: (c: string, w: string[]) => perGameInstance(cluster.url, c, w),
          },
        ]
      : []),
    { name: 'one channel, one Redis', make: (c, w) => oneChannelInstance(options.redis, c, w) },
    ...(options.before
      ? [
          {
            name: 'the bus before (one channel)',
            make: (c: string, w: string[]) => beforeInstance(options.before as string, options.redis, c, w),
          },
        ]
      : []),
  ];
  const result: BusShareResult = { options, modes: modes.map(({ name }) => ({ name, trials: [] })) };
  try {
    // A short warm-up of every mode first (compiling the code paths), not counted.
    const warmUp = { ...options, commits: Math.ceil(options.commits / 10) };
    for (const mode of modes) await trial(warmUp, mode.make);
    // Alternately, round after round, so that the machine's load falls on every mode alike.
    for (let round = 0; round < options.rounds; round++) {
      for (const [i, mode] of modes.entries()) result.modes[i].trials.push(await trial(options, mode.make));
    }
  } finally {
    await cluster?.stop();
  }
  return result;
}

export function printBusShare({ options, modes }: BusShareResult): void {
  console.log(
    `\nBus share (issue 46): ${options.instances} instances, ${options.games} games each watched on one instance, ` +
      `${options.commits} commits of one event from random instances, ${options.rounds} rounds ` +
      '(median of the rounds, their range in brackets; goal: worst instance ≤ 1.2× its ideal share)',
  );
  console.log(
    `  ${'mode'.padEnd(36)} ${'worst instance ×ideal'.padStart(24)} ${'mean ×ideal'.padStart(20)} ${'CPU ms/1,000 commits'.padStart(24)}`,
  );
  for (const { name, trials } of modes) {
    const worst = trials.map((t) => Math.max(...t.ratios));
    const mean = trials.map((t) => t.ratios.reduce((a, b) => a + b, 0) / t.ratios.length);
    console.log(
      `  ${name.padEnd(36)} ${medianRange(worst, 2).padStart(24)} ${medianRange(mean, 2).padStart(20)} ${medianRange(trials.map((t) => t.cpuMsPer1000)).padStart(24)}`,
    );
  }
}

import { EVERY_GAME_EVENTS, type InProcessEventBus } from './bus.js';
import { type Announced, Echoes, envelopeJson, NO_ECHO } from './envelope.js';
import { gameChannel } from './redis-channels.js';

/**
 * How a write on the Redis bus publishes its events and waits for its own messages to come back,
 * and lets go: bounded by `waitMs`, and at once for every write still waiting when the bus finds
 * a gap (see RedisEventBus).
 */

/** Settles with `promise`, or with 'late' after `ms`, whichever comes first. */
export async function within<T>(promise: Promise<T>, ms: number): Promise<T | 'late'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(resolve, ms, 'late');
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Messages remembered at most whose events were already delivered here (a repeat is harmless). */
const DELIVERED_HERE_MAX = 10_000;

/**
 * This instance's messages whose events it delivered itself (it stopped waiting for them), by
 * echo id and channel: when one comes back, its events are not delivered twice.
 */
export class DeliveredHere {
  private readonly keys = new Set<string>();

  remember(echo: string, channel: string): void {
    // Their messages may never come back (a subscription that drops them); a repeat is harmless.
    if (this.keys.size >= DELIVERED_HERE_MAX) this.keys.clear();
    this.keys.add(`${echo} ${channel}`);
  }

  /** True (once) if the message of `echo` on `channel` was delivered here already. */
  take(echo: string | undefined, channel: string): boolean {
    return echo !== undefined && this.keys.delete(`${echo} ${channel}`);
  }

  clear(): void {
    this.keys.clear();
  }
}

/** The writes waiting for their echo now: the bus lets them all go at once when it finds a gap. */
export class WaitingWrites {
  private readonly releases = new Set<() => void>();

  /** Settles with 'heard' once `echoed` settles, 'gap' if the bus let every write go first, else 'late' after `ms`. */
  async wait(echoed: Promise<void>, ms: number): Promise<'heard' | 'gap' | 'late'> {
    let release = () => {};
    const released = new Promise<'gap'>((resolve) => {
      release = () => resolve('gap');
    });
    this.releases.add(release);
    try {
      return await within(Promise.race([echoed.then(() => 'heard' as const), released]), ms);
    } finally {
      this.releases.delete(release);
    }
  }

  releaseAll(): void {
    for (const release of [...this.releases]) release();
  }
}

export interface CommitPublisherOptions {
  /** The bus's control channel. */
  control: string;
  instanceId: string;
  waitMs: number;
  local: InProcessEventBus;
  spublish(channel: string, message: string): Promise<number>;
  /** True while every instance's events of the game reach this one (its channel is on). */
  hears(gameId: string): boolean;
  /** True while the control channel is subscribed. */
  controlOn(): boolean;
  /** Subscribed, and no gap: a write may wait for its echo. */
  listening(): boolean;
  /** Subscribed (a gap or not): its messages may come back. */
  subscribed(): boolean;
  published(): void;
  publishFailed(error: unknown, games: Iterable<string>): void;
  /** A write waited `waitMs` in vain: the bus has a gap. */
  late(reason: string): void;
}

/**
 * Publishes the commits of this instance and delivers the messages that come back: the echo of a
 * write, or a message whose events were delivered here already (it stopped waiting for it).
 */
export class CommitPublisher {
  private readonly echoes = new Echoes();
  private readonly deliveredHere = new DeliveredHere();
  private readonly waitingWrites = new WaitingWrites();

  constructor(private readonly options: CommitPublisherOptions) {}

  /**
   * Publishes the events of one commit, one message per game (in order within it) on the game's
   * channel, and EVERY_GAME_EVENTS on the control channel; settles once this instance has
   * delivered those of the games it watches (their echo came back), or after `waitMs` at most,
   * having delivered them here itself. Without waiting at all when it cannot hear them come back:
   * the subscriptions dropped (subscribers resync when they are back) or the bus has a gap. A
   * PUBLISH that fails delivers them here only; every instance resyncs their games once Redis is
   * back. Never rejects: the write is stored.
   */
  async announce(events: readonly Announced[]): Promise<void> {
    if (events.length === 0) return;
    const { control, local } = this.options;
    const byGame = new Map<string, Announced[]>();
    for (const announced of events) {
      const list = byGame.get(announced.gameId);
      if (list) list.push(announced);
      else byGame.set(announced.gameId, [announced]);
    }
    const everyGame = events.filter(({ event }) => EVERY_GAME_EVENTS.has(event.type));
    // The games whose messages come back here (their channel is on), and the channels they come back on.
    const echoed = [...byGame.keys()].filter((gameId) => this.options.hears(gameId));
    const returning = echoed.map((gameId) => gameChannel(control, gameId));
    if (everyGame.length > 0 && this.options.controlOn()) returning.push(control);
    const waiting = this.options.listening() && echoed.length > 0;
    const echo = this.options.subscribed() ? this.echoes.expect(Math.max(1, echoed.length)) : NO_ECHO;
    let here = false;
    const deliverHere = () => {
      if (here) return;
      here = true;
      echo.cancel();
      if (echo.id !== undefined) for (const channel of returning) this.deliveredHere.remember(echo.id, channel);
      for (const { gameId, event } of events) local.publish(gameId, event);
    };
    const extras = { echo: echo.id, from: this.options.instanceId };
    const messages = [...byGame].map(([gameId, list]) =>
      this.options.spublish(gameChannel(control, gameId), envelopeJson(list, extras)),
    );
    if (everyGame.length > 0) messages.push(this.options.spublish(control, envelopeJson(everyGame, extras)));
    const sent = Promise.all(messages).then(
      () => {
        this.options.published();
        return true;
      },
      (error: unknown) => {
        this.options.publishFailed(error, byGame.keys());
        deliverHere();
        return false;
      },
    );
    if (!waiting) {
      deliverHere();
      return;
    }
    try {
      const delivered = sent.then(async (published) => {
        if (published) await echo.delivered;
      });
      const outcome = await this.waitingWrites.wait(delivered, this.options.waitMs);
      if (outcome === 'late') this.options.late(`a write waited over ${this.options.waitMs} ms for its game events`);
      if (outcome !== 'heard') deliverHere();
    } finally {
      if (!here) echo.cancel();
    }
  }

  /** A message came back on `channel`: false if its events were delivered here already. */
  toDeliver(echo: string | undefined, channel: string): boolean {
    return !this.deliveredHere.take(echo, channel);
  }

  /** A message on a game's channel was delivered: the write waiting for it may return. */
  heard(echo: string | undefined): void {
    this.echoes.heard(echo);
  }

  /** The bus found a gap: every write still waiting goes. */
  releaseWaiting(): void {
    this.waitingWrites.releaseAll();
  }

  /** A subscription dropped: its messages may never come back. */
  lost(): void {
    this.echoes.releaseAll();
    this.deliveredHere.clear();
  }
}

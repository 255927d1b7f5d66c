import pLimit, { type LimitFunction } from 'p-limit';
import type { Language } from '../../shared/languages.js';
import { pushTarget } from '../http/push-hosts.js';
import { OriginQueue } from './origin-queue.js';
import type { DuePush, PushRepository } from './repository.js';
import type { PushSend } from './sender.js';
import { notePushMessage, pushMessage } from './texts.js';

export interface NotifierOptions {
  repository: PushRepository;
  send: PushSend;
  /** PUSH_SERVICE_HOSTS: a push's queue is its endpoint's origin as the sender reads it (pushTarget). */
  hosts: readonly string[];
  /** The game's language and the path its notifications open (the scoreboard). */
  gameOf: (gameId: string) => Promise<{ lang: Language } | undefined>;
  /** After a push, more friends within this time become one push at its end. */
  quietMs?: number;
  /** Pushes on the wire at once, in all. */
  concurrency?: number;
  /** Pushes on the wire at once to one push service: all a hanging one can hold. */
  perOrigin?: number;
  /** Jobs waiting for the database, and pushes waiting for each push service; more are dropped (and logged). */
  maxQueued?: number;
  /** A push service's pushes that fail in a row before its breaker opens, and how long it stays open. */
  breaker?: { threshold: number; coolDownMs: number };
  /** A push not settled in this time frees its place (the push service's socket times out on its own). */
  sendDeadlineMs?: number;
  now?: () => number;
  log?: (message: string, error?: unknown) => void;
}

/** The scoreboard, which a notification opens. */
export const scoreboardPath = (gameId: string) => `/scoreboard/${encodeURIComponent(gameId)}`;

/**
 * Tells creators when friends finish their game, off the answer's path: `friendFinished` only
 * queues work and returns, so a slow, failing or hanging push service never delays or fails an
 * answer. The first friend is pushed at once; friends within `quietMs` after a push become one
 * "3 friends played your game" at its end. Which instance sends is decided by the database (a
 * claim), so several instances send one push per friend, not one each. Pushes queue fairly
 * (origin-queue.ts): per push service in turn, per game in turn within it, each push service with
 * a few places of its own and a circuit breaker, so one that hangs or fails delays no one else's.
 */
export class PushNotifier {
  private readonly quietMs: number;
  private readonly maxQueued: number;
  private readonly sendDeadlineMs: number;
  private readonly now: () => number;
  private readonly timers = new Map<string, NodeJS.Timeout>();
  /** The database's part (counting friends, claiming): quick, never behind a hung push service. */
  private readonly bookkeeping: LimitFunction = pLimit(4);
  /** Pushes waiting and on the wire, per push service and game. */
  private readonly sending: OriginQueue;
  private readonly inFlight = new Set<Promise<void>>();
  private closed = false;

  constructor(private readonly options: NotifierOptions) {
    this.quietMs = options.quietMs ?? 60_000;
    this.maxQueued = options.maxQueued ?? 1000;
    this.sendDeadlineMs = options.sendDeadlineMs ?? 10_000;
    this.now = options.now ?? Date.now;
    const breaker = options.breaker ?? { threshold: 5, coolDownMs: 30_000 };
    this.sending = new OriginQueue({
      concurrency: options.concurrency ?? 32,
      perOrigin: options.perOrigin ?? 8,
      maxQueuedPerOrigin: this.maxQueued,
      breaker,
      onBreakerOpen: (origin) =>
        options.log?.(
          `push service ${origin || '(not allowed)'}: ${breaker.threshold} pushes in a row failed; its pushes wait ${breaker.coolDownMs / 1000} s`,
        ),
      now: this.now,
    });
  }

  /**
   * A friend's response was stored: queue their push. Never throws, never waits. `subscriptions`:
   * the response's own write already counted the friend on the game's subscriptions (PostgreSQL
   * does, in the same statement) and found this many; undefined: count them here (addFriend).
   */
  friendFinished(gameId: string, name: string, score: number, subscriptions?: number): void {
    // Most games have no subscription: then nothing is queued at all.
    if (subscriptions === 0) return;
    this.enqueue(this.bookkeeping, async () => {
      if ((subscriptions ?? (await this.options.repository.addFriend(gameId, name, score))) === 0) return;
      // A push of this game is already due here later: it will carry this friend too.
      if (this.timers.has(gameId)) return;
      await this.flush(gameId);
    });
  }

  /**
   * A friend left the creator a note: one push to each of the game's subscriptions, "Bo left you a
   * note" (never its text). A friend leaves one note per game, so there is nothing to gather, and
   * only the instance that stored it sends. Never throws, never waits.
   */
  noteLeft(gameId: string, name: string): void {
    this.enqueue(this.bookkeeping, async () => {
      const subscriptions = await this.options.repository.subscriptionsOf(gameId);
      if (subscriptions.length === 0) return;
      const game = await this.options.gameOf(gameId);
      const message = notePushMessage(game?.lang ?? 'en', name);
      const payload = JSON.stringify({ ...message, url: scoreboardPath(gameId), tag: `note-${gameId}` });
      for (const keys of subscriptions) this.send(gameId, { ...keys, count: 1, name, score: 0 }, payload);
    });
  }

  /** Resolves once nothing is queued or on the wire (tests, shutdown). */
  async settled(): Promise<void> {
    // A job may queue more (a claim queues its sends): wait until none is left.
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  /** Stops the timers and takes nothing more; a push on the wire ends by its own deadline. */
  close(): void {
    this.closed = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.bookkeeping.clearQueue();
    this.sending.clear();
  }

  private async flush(gameId: string): Promise<void> {
    const { repository } = this.options;
    const due = await repository.claimDue(gameId, this.now(), this.quietMs);
    if (due.length > 0) {
      const game = await this.options.gameOf(gameId);
      for (const push of due) {
        const message = pushMessage(game?.lang ?? 'en', push);
        const payload = JSON.stringify({ ...message, url: scoreboardPath(gameId), tag: `game-${gameId}` });
        this.send(gameId, push, payload);
      }
    }
    const next = await repository.nextDue(gameId, this.quietMs);
    if (next !== undefined) this.schedule(gameId, next);
  }

  /** Queues one push on its push service's lane; the job says whether the service answered. */
  private send(gameId: string, push: DuePush, payload: string): void {
    if (this.closed) return;
    // An endpoint the sender would not connect to: its own lane, where the sender calls it gone.
    const origin = pushTarget(push.endpoint, this.options.hosts)?.origin ?? '';
    const { queued, done } = this.sending.add(origin, gameId, async () => {
      const outcome = await this.withDeadline(this.options.send(push, payload));
      if (outcome === 'gone') {
        await this.options.repository
          .removeEndpoint(push.endpoint)
          .catch((error) => this.options.log?.('push: removing a gone subscription failed', error));
      }
      return outcome !== 'failed';
    });
    if (!queued) this.options.log?.(`push queue of ${origin} full: a push was dropped`);
    this.track(done);
  }

  /** One timer per game on this instance: at `at`, whoever claims first sends what is owed. */
  private schedule(gameId: string, at: number): void {
    if (this.closed || this.timers.has(gameId)) return;
    const timer = setTimeout(
      () => {
        this.timers.delete(gameId);
        this.enqueue(this.bookkeeping, () => this.flush(gameId));
      },
      Math.max(0, at - this.now()),
    );
    timer.unref();
    this.timers.set(gameId, timer);
  }

  private withDeadline<T>(work: Promise<T>): Promise<T | 'failed'> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<'failed'>((resolve) => {
      timer = setTimeout(() => resolve('failed'), this.sendDeadlineMs);
      timer.unref();
    });
    return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
  }

  private enqueue(queue: LimitFunction, job: () => Promise<void>): void {
    if (this.closed) return;
    if (queue.pendingCount >= this.maxQueued) {
      this.options.log?.('push queue full: a push was dropped');
      return;
    }
    this.track(queue(job).catch((error) => this.options.log?.('push failed', error)));
  }

  private track(run: Promise<void>): void {
    this.inFlight.add(run);
    void run.finally(() => this.inFlight.delete(run));
  }
}

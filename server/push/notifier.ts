import pLimit, { type LimitFunction } from 'p-limit';
import type { Language } from '../../shared/languages.js';
import type { PushRepository } from './repository.js';
import type { PushSend } from './sender.js';
import { pushMessage } from './texts.js';

export interface NotifierOptions {
  repository: PushRepository;
  send: PushSend;
  /** The game's language and the path its notifications open (the scoreboard). */
  gameOf: (gameId: string) => Promise<{ lang: Language } | undefined>;
  /** After a push, more friends within this time become one push at its end. */
  quietMs?: number;
  /** Pushes on the wire at once. */
  concurrency?: number;
  /** Jobs waiting in each queue (bookkeeping, sends); more are dropped (and logged). */
  maxQueued?: number;
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
 * claim), so several instances send one push per friend, not one each.
 */
export class PushNotifier {
  private readonly quietMs: number;
  private readonly maxQueued: number;
  private readonly sendDeadlineMs: number;
  private readonly now: () => number;
  private readonly timers = new Map<string, NodeJS.Timeout>();
  /** The database's part (counting friends, claiming): quick, never behind a hung push service. */
  private readonly bookkeeping: LimitFunction = pLimit(4);
  /** Pushes on the wire. */
  private readonly sending: LimitFunction;
  private readonly inFlight = new Set<Promise<void>>();
  private closed = false;

  constructor(private readonly options: NotifierOptions) {
    this.quietMs = options.quietMs ?? 60_000;
    this.sending = pLimit(options.concurrency ?? 16);
    this.maxQueued = options.maxQueued ?? 1000;
    this.sendDeadlineMs = options.sendDeadlineMs ?? 10_000;
    this.now = options.now ?? Date.now;
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
    this.sending.clearQueue();
  }

  private async flush(gameId: string): Promise<void> {
    const { repository } = this.options;
    const due = await repository.claimDue(gameId, this.now(), this.quietMs);
    if (due.length > 0) {
      const game = await this.options.gameOf(gameId);
      for (const push of due) {
        const message = pushMessage(game?.lang ?? 'en', push);
        const payload = JSON.stringify({ ...message, url: scoreboardPath(gameId), tag: `game-${gameId}` });
        this.enqueue(this.sending, async () => {
          const outcome = await this.withDeadline(this.options.send(push, payload));
          if (outcome === 'gone') await repository.removeEndpoint(push.endpoint);
        });
      }
    }
    const next = await repository.nextDue(gameId, this.quietMs);
    if (next !== undefined) this.schedule(gameId, next);
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
    const run = queue(job).catch((error) => this.options.log?.('push failed', error));
    this.inFlight.add(run);
    void run.finally(() => this.inFlight.delete(run));
  }
}

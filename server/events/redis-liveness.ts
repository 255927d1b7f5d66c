import { performance } from 'node:perf_hooks';
import { type Envelope, envelopeJson } from './envelope.js';

export interface LivenessOptions {
  instanceId: string;
  beatMs: number;
  quietMs: number;
  /** Publishes on the control channel. */
  send(message: string): Promise<unknown>;
  publisherReady(): boolean;
  /** True while this instance's subscriptions are all up. */
  subscribed(): boolean;
  /** Tells the subscribers of `gameId`, or of every game, to re-read it. */
  resync(gameId?: string): void;
  /** The bus found a gap: every write still waiting goes. */
  enteredGap(): void;
  log(message: string, error?: unknown): void;
}

/**
 * Who is alive on the Redis bus, and whether this instance still hears itself, over its control
 * channel. Redis publishes after the commit, so an instance that dies between the two leaves a
 * commit no other instance hears of: every instance says it is alive every `beatMs` (and once
 * before its first write); when one goes quiet for `quietMs` without saying it is leaving, the
 * others re-read every game they keep. A new instance re-reads once more after its first `quietMs`
 * if some subscriber of the control channel never spoke meanwhile (it may have died unheard).
 *
 * This instance hears its own beats: `quietMs` without one (or a write kept waiting `waitMs`)
 * is a gap, during which writes do not wait for their echo; once it hears itself again, every
 * subscriber re-reads. The games whose events could not be published ride on the next beat (or
 * go at once when Redis is back), so that every instance resyncs them.
 */
export class Liveness {
  /** The other instances heard, and when each was last heard (performance.now()). */
  private readonly peers = new Map<string, number>();
  /** Games whose events could not be published, to be resynced on every instance. */
  private readonly missed = new Set<string>();
  private beat: NodeJS.Timeout | undefined;
  /** A beat is on its way (a hung Redis never piles them up). */
  private beating = false;
  private lastTick = 0;
  private heardSelfAt = 0;
  /** From the start until `quietMs` later: the other subscribers then, and those heard since. */
  private starting: { at: number; others: number; heard: Set<string> } | undefined;
  /** True from a write kept waiting over `waitMs`, or `quietMs` without hearing itself, until it hears itself. */
  gap = false;
  /** False from a failed PUBLISH to the next one that works: one log line per outage. */
  private publishing = true;
  private stopped = false;

  constructor(private readonly options: LivenessOptions) {}

  get quietMs(): number {
    return this.options.quietMs;
  }

  /** The bus is up, with `others` other subscribers on the control channel. */
  start(others: number): void {
    const now = performance.now();
    this.heardSelfAt = now;
    this.lastTick = now;
    this.starting = { at: now, others, heard: new Set(this.peers.keys()) };
    this.beat = setInterval(() => this.tick(), this.options.beatMs);
    this.beat.unref();
  }

  stop(): void {
    this.stopped = true;
    clearInterval(this.beat);
  }

  get peersHeard(): number {
    return this.peers.size;
  }

  /** Says it is leaving on purpose, with the games it could not announce. */
  async leave(): Promise<void> {
    const message = envelopeJson([], { resync: [...this.missed], from: this.options.instanceId, leaving: true });
    await this.options.send(message).catch(() => 0);
  }

  /** A message on the control channel. */
  heard(envelope: Envelope): void {
    const { from } = envelope;
    if (from === this.options.instanceId) this.heardSelf();
    else if (from !== undefined) {
      if (envelope.leaving) this.peers.delete(from);
      else this.peers.set(from, performance.now());
      this.starting?.heard.add(from);
    }
    for (const gameId of envelope.resync ?? []) this.options.resync(gameId);
  }

  /** Subscribed again, and every game is re-read now: silences and a gap are counted from here. */
  reset(): void {
    const now = performance.now();
    this.heardSelfAt = now;
    this.gap = false;
    for (const peer of this.peers.keys()) this.peers.set(peer, now);
  }

  enterGap(reason: string): void {
    if (this.gap) return;
    this.gap = true;
    this.options.log(`the Redis bus has a gap (${reason}): writes no longer wait for it until it is back`);
    // The writes still waiting would wait in vain: delivered here now, as later ones are.
    this.options.enteredGap();
  }

  publishWorked(): void {
    if (!this.publishing) {
      this.publishing = true;
      this.options.log('publishing game events to Redis again');
    }
    this.announceMissed();
  }

  /** A PUBLISH of `games`' events failed: every instance resyncs them once Redis is back. */
  publishFailed(error: unknown, games: Iterable<string> = []): void {
    for (const gameId of games) this.missed.add(gameId);
    if (this.publishing) {
      this.publishing = false;
      this.options.log('Redis cannot be reached: game events reach this instance only until it is back', error);
    }
  }

  /** Tells every instance to resync the games whose events this one could not publish; kept if it fails again. */
  announceMissed(): void {
    if (this.missed.size === 0 || this.stopped) return;
    const games = [...this.missed];
    this.missed.clear();
    this.options.send(envelopeJson([], { resync: games, from: this.options.instanceId })).catch(() => {
      for (const gameId of games) this.missed.add(gameId);
    });
  }

  /** Every `beatMs`: says it is alive, then looks for a gap, for instances gone quiet, and at the end of its start. */
  private tick(): void {
    const now = performance.now();
    // This process was busy: what was sent meanwhile may still wait to be read. Judged next time.
    const late = now - this.lastTick > 2 * this.options.beatMs;
    this.lastTick = now;
    void this.sendBeat();
    if (late || !this.options.subscribed() || this.stopped) return;
    const { quietMs } = this.options;
    if (now - this.heardSelfAt > quietMs) {
      this.enterGap(`it has not heard its own messages for ${quietMs} ms`);
      return;
    }
    if (this.gap) return;
    let quiet = 0;
    for (const [peer, heardAt] of this.peers) {
      if (now - heardAt <= quietMs) continue;
      this.peers.delete(peer);
      quiet += 1;
    }
    const starting = this.starting;
    if (starting && now - starting.at > quietMs) this.starting = undefined;
    if (quiet > 0) {
      this.options.log(
        `${quiet} other instance(s) went quiet (stopped, or died before publishing what they stored): resyncing every game`,
      );
      this.options.resync();
    } else if (starting && this.starting === undefined && starting.heard.size < starting.others) {
      this.options.log('a subscriber of the channel at start never spoke: resyncing every game');
      this.options.resync();
    }
  }

  /** Says this instance is alive, with the games it could not announce so far. */
  private async sendBeat(): Promise<void> {
    if (this.beating || this.stopped || !this.options.publisherReady()) return;
    this.beating = true;
    const games = [...this.missed];
    this.missed.clear();
    try {
      await this.options.send(envelopeJson([], { resync: games, from: this.options.instanceId }));
      this.publishWorked();
    } catch (error) {
      this.publishFailed(error, games);
    } finally {
      this.beating = false;
    }
  }

  private heardSelf(): void {
    const now = performance.now();
    this.heardSelfAt = now;
    if (!this.gap) return;
    this.gap = false;
    // The others were not heard meanwhile either: their silence is counted from now.
    for (const peer of this.peers.keys()) this.peers.set(peer, now);
    this.options.log('hearing the bus again; resyncing every subscriber');
    this.options.resync();
  }
}

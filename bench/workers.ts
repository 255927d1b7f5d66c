import { resolve } from 'node:path';
import { ClientProcesses } from './client-processes.js';
import type { FromWorker, ToWorker } from './live-worker.js';

const WORKER = resolve(import.meta.dirname, 'live-worker.ts');

/**
 * Client processes holding live sockets (bench/live-worker.ts): `open` spreads a group's sockets
 * over all of them, `delivered` resolves with the time the last socket of the group had its k-th
 * message (after the snapshot).
 */
export class LiveClients extends ClientProcesses<FromWorker> {
  /** Where the arrivals of tracked sockets go (see `watch`). */
  private onArrivals?: (group: string, keys: string[], at: number[]) => void;

  /** `cpus`: pins the client processes there (see `pin`), away from the server's core. */
  constructor(count: number, cpus?: string) {
    super(WORKER, count, { name: 'live client', cpus, execArgv: ['--expose-gc'], timeoutMs: 60_000 });
  }

  protected reportKey(message: Exclude<FromWorker, { type: 'failed' }>): string | undefined {
    if (message.type === 'arrivals') {
      this.onArrivals?.(message.group, message.keys, message.at);
      return undefined;
    }
    return message.type === 'opened' ? `opened:${message.group}` : `${message.group}:${message.k}`;
  }

  /** Opens `count` sockets on `url`, spread evenly; resolves once each has its snapshot. */
  async open(group: string, url: string, count: number) {
    this.procs.forEach((proc, i) => {
      const share = Math.floor(count / this.procs.length) + (i < count % this.procs.length ? 1 : 0);
      proc.send({ type: 'open', group, url, count: share, localAddress: this.addresses[i] } satisfies ToWorker);
    });
    await this.all(`opened:${group}`);
  }

  /**
   * Opens one tracked socket per URL (the URLs dealt out in turn to the processes); resolves once
   * each has its snapshot. From then on every `playing` and `player` message each socket receives
   * goes to `onArrivals` with its arrival time, keyed as live-worker.ts says.
   */
  async watch(group: string, urls: string[], onArrivals: (group: string, keys: string[], at: number[]) => void) {
    this.onArrivals = onArrivals;
    this.procs.forEach((proc, i) => {
      const share = urls.filter((_, j) => j % this.procs.length === i);
      proc.send({ type: 'watch', group, urls: share, localAddress: this.addresses[i] } satisfies ToWorker);
    });
    await this.all(`opened:${group}`);
  }

  /** When the last socket of `group` had its k-th message (0 = the first after the snapshot). */
  async delivered(group: string, k: number): Promise<number> {
    const reports = await this.all<Extract<FromWorker, { type: 'delivered' }>>(`${group}:${k}`);
    return Math.max(...reports.map((report) => report.last));
  }
}

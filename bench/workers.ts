import { type ChildProcess, fork } from 'node:child_process';
import { resolve } from 'node:path';
import { pin } from './harness.js';
import type { FromWorker, ToWorker } from './live-worker.js';

const WORKER = resolve(import.meta.dirname, 'live-worker.ts');
const TIMEOUT_MS = 60_000;

/**
 * Client processes holding live sockets, so that the bench's own event loop never delays a
 * socket: `open` spreads a group's sockets over all of them, `delivered` resolves with the time
 * the last socket of the group had its k-th message (after the snapshot).
 */
export class LiveClients {
  private readonly procs: ChildProcess[];
  private readonly addresses: string[];
  private readonly exits: Promise<void>[];
  private readonly reports = new Map<string, number[]>();
  private readonly waiters = new Set<() => void>();
  private failure: Error | undefined;
  /** Where the arrivals of tracked sockets go (see `watch`). */
  private onArrivals?: (group: string, keys: string[], at: number[]) => void;
  private readonly killOnExit = () => {
    for (const proc of this.procs) proc.kill('SIGKILL');
  };

  /** `cpus`: pins the client processes there (see `pin`), away from the server's core. */
  constructor(count: number, cpus?: string) {
    // Each process binds its sockets to its own loopback address, so ports never run short.
    const base = 2 + Math.floor(Math.random() * 200);
    this.addresses = Array.from({ length: count }, (_, i) => `127.0.0.${base + i}`);
    this.procs = this.addresses.map(() => {
      const proc = fork(WORKER, [], { execArgv: ['--import', 'tsx', '--expose-gc'] });
      proc.on('message', (message: FromWorker) => this.receive(message));
      if (cpus && proc.pid) pin(proc.pid, cpus);
      return proc;
    });
    this.exits = this.procs.map(
      (proc) =>
        new Promise((resolve) =>
          proc.on('exit', (code) => {
            if (code) this.fail(new Error(`a live client process exited with ${code}`));
            resolve();
          }),
        ),
    );
    process.on('exit', this.killOnExit);
  }

  private receive(message: FromWorker) {
    if (message.type === 'failed') return this.fail(new Error(message.message));
    if (message.type === 'arrivals') return this.onArrivals?.(message.group, message.keys, message.at);
    const key = message.type === 'opened' ? `opened:${message.group}` : `${message.group}:${message.k}`;
    const list = this.reports.get(key) ?? [];
    list.push(message.type === 'opened' ? 0 : message.last);
    this.reports.set(key, list);
    for (const wake of this.waiters) wake();
  }

  private fail(error: Error) {
    this.failure ??= error;
    for (const wake of this.waiters) wake();
  }

  /** Resolves with the reports of `key` once every process has sent one. */
  private all(key: string): Promise<number[]> {
    return new Promise((done, reject) => {
      const timer = setTimeout(() => settle(new Error(`no report "${key}" after ${TIMEOUT_MS} ms`)), TIMEOUT_MS);
      const settle = (error?: Error) => {
        clearTimeout(timer);
        this.waiters.delete(check);
        if (error) reject(error);
        else done(this.reports.get(key) as number[]);
      };
      const check = () => {
        if (this.failure) settle(this.failure);
        else if ((this.reports.get(key)?.length ?? 0) >= this.procs.length) settle();
      };
      this.waiters.add(check);
      check();
    });
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
    return Math.max(...(await this.all(`${group}:${k}`)));
  }

  /** The client processes' pids (their CPU time is the instrument's cost). */
  get pids(): number[] {
    return this.procs.map((proc) => proc.pid as number);
  }

  /** Closes every socket and ends the processes (killed if they have not ended within 5 s). */
  async close() {
    process.off('exit', this.killOnExit);
    for (const proc of this.procs) {
      if (proc.connected) proc.send({ type: 'close' } satisfies ToWorker);
      setTimeout(() => proc.kill('SIGKILL'), 5000).unref();
    }
    await Promise.all(this.exits);
  }
}

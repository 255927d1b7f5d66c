import { type ChildProcess, fork } from 'node:child_process';
import { pin } from './harness.js';

interface ClientProcessesOptions {
  /** What the processes are, for an error message ("a live client process exited with 1"). */
  name: string;
  /** Pins the processes there (see `pin`), away from the server's core. */
  cpus?: string;
  execArgv?: string[];
  /** How long a report may take before the bench fails. */
  timeoutMs: number;
}

/**
 * A bench's client processes: `count` forks of a worker script holding the bench's sockets, so
 * that the bench's own event loop never delays a socket. Each binds its sockets to its own
 * loopback address (`addresses[i]`), so ports never run short. They report back by message
 * (`From`; `failed` fails the bench); a subclass says which report a message is (`reportKey`),
 * and waits for reports with `all`.
 */
export abstract class ClientProcesses<From extends { type: string }> {
  protected readonly procs: ChildProcess[];
  protected readonly addresses: string[];
  private readonly exits: Promise<void>[];
  private readonly reports = new Map<string, From[]>();
  private readonly waiters = new Set<() => void>();
  private failure: Error | undefined;
  private readonly killOnExit = () => {
    for (const proc of this.procs) proc.kill('SIGKILL');
  };

  constructor(
    worker: string,
    count: number,
    private readonly options: ClientProcessesOptions,
  ) {
    const base = 2 + Math.floor(Math.random() * 200);
    this.addresses = Array.from({ length: count }, (_, i) => `127.0.0.${base + i}`);
    this.procs = this.addresses.map(() => {
      const proc = fork(worker, [], { execArgv: ['--import', 'tsx', ...(options.execArgv ?? [])] });
      proc.on('message', (message: From) => this.receive(message));
      if (options.cpus && proc.pid) pin(proc.pid, options.cpus);
      return proc;
    });
    this.exits = this.procs.map(
      (proc) =>
        new Promise((resolve) =>
          proc.on('exit', (code) => {
            if (code) this.fail(new Error(`a ${options.name} process exited with ${code}`));
            resolve();
          }),
        ),
    );
    process.on('exit', this.killOnExit);
  }

  /** The report `message` is, kept under this key for `all`; undefined if it is no report (the subclass has handled it). */
  protected abstract reportKey(message: Exclude<From, { type: 'failed' }>): string | undefined;

  private receive(message: From) {
    if (message.type === 'failed') return this.fail(new Error((message as From & { message: string }).message));
    const key = this.reportKey(message as Exclude<From, { type: 'failed' }>);
    if (key === undefined) return;
    this.reports.set(key, [...(this.reports.get(key) ?? []), message]);
    for (const wake of this.waiters) wake();
  }

  private fail(error: Error) {
    this.failure ??= error;
    for (const wake of this.waiters) wake();
  }

  /** The reports of `key` once `from` processes (all of them, unless told) have sent one; forgotten then. */
  protected all<T extends From>(key: string, from = this.procs.length): Promise<T[]> {
    return new Promise((done, reject) => {
      const { timeoutMs } = this.options;
      const timer = setTimeout(() => settle(new Error(`no report "${key}" after ${timeoutMs} ms`)), timeoutMs);
      const settle = (error?: Error) => {
        clearTimeout(timer);
        this.waiters.delete(check);
        if (error) return reject(error);
        done(this.reports.get(key) as T[]);
        this.reports.delete(key);
      };
      const check = () => {
        if (this.failure) settle(this.failure);
        else if ((this.reports.get(key)?.length ?? 0) >= from) settle();
      };
      this.waiters.add(check);
      check();
    });
  }

  /** The client processes' pids (their CPU time is the instrument's cost). */
  get pids(): number[] {
    return this.procs.map((proc) => proc.pid as number);
  }

  /** Closes every socket and ends the processes (killed if they have not ended within 5 s). */
  async close() {
    process.off('exit', this.killOnExit);
    for (const proc of this.procs) {
      // Every worker takes `close`: it closes its sockets and ends.
      if (proc.connected) proc.send({ type: 'close' });
      setTimeout(() => proc.kill('SIGKILL'), 5000).unref();
    }
    await Promise.all(this.exits);
  }
}

import { type ChildProcess, fork } from 'node:child_process';
import { resolve } from 'node:path';
import { pin, post } from './harness.js';
import type { AnswerSample, FromPartyWorker, PartySockets, RevealSample, ToPartyWorker } from './party-worker.js';

const WORKER = resolve(import.meta.dirname, 'party-worker.ts');
const TIMEOUT_MS = 120_000;

/**
 * The party bench's client processes (bench/party-worker.ts), so that the bench's own event loop
 * never delays a socket. Every socket of one party is in one process (its phones' answers and its
 * reveals are timed on one clock there).
 */
export class PartyClients {
  private readonly procs: ChildProcess[];
  private readonly addresses: string[];
  private readonly exits: Promise<void>[];
  private readonly reports = new Map<string, FromPartyWorker[]>();
  private readonly waiters = new Set<() => void>();
  private failure: Error | undefined;
  private readonly killOnExit = () => {
    for (const proc of this.procs) proc.kill('SIGKILL');
  };

  constructor(count: number, cpus?: string) {
    // Each process binds its sockets to its own loopback address, so ports never run short.
    const base = 2 + Math.floor(Math.random() * 200);
    this.addresses = Array.from({ length: count }, (_, i) => `127.0.0.${base + i}`);
    this.procs = this.addresses.map(() => {
      const proc = fork(WORKER, [], { execArgv: ['--import', 'tsx'] });
      proc.on('message', (message: FromPartyWorker) => this.receive(message));
      if (cpus && proc.pid) pin(proc.pid, cpus);
      return proc;
    });
    this.exits = this.procs.map(
      (proc) =>
        new Promise((resolve) =>
          proc.on('exit', (code) => {
            if (code) this.fail(new Error(`a party client process exited with ${code}`));
            resolve();
          }),
        ),
    );
    process.on('exit', this.killOnExit);
  }

  get pids(): number[] {
    return this.procs.map((proc) => proc.pid as number);
  }

  private receive(message: FromPartyWorker) {
    if (message.type === 'failed') return this.fail(new Error(message.message));
    const key = `${message.type}:${message.group}`;
    this.reports.set(key, [...(this.reports.get(key) ?? []), message]);
    for (const wake of this.waiters) wake();
  }

  private fail(error: Error) {
    this.failure ??= error;
    for (const wake of this.waiters) wake();
  }

  /** The reports of `key` once `from` processes have sent one (and forgets them). */
  private all<T extends FromPartyWorker>(key: string, from: number): Promise<T[]> {
    return new Promise((done, reject) => {
      const timer = setTimeout(() => settle(new Error(`no report "${key}" after ${TIMEOUT_MS} ms`)), TIMEOUT_MS);
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

  /** Which processes hold a group (set by `open`). */
  private readonly holders = new Map<string, number[]>();

  /**
   * Opens the parties' sockets on `url` (http://…), each party whole in one process (dealt in
   * turn), or one party's sockets spread over every process (`spread`); resolves once every phone
   * has its state after its hello and every screen its first message.
   */
  async open(group: string, url: string, parties: PartySockets[], spread = false) {
    const n = this.procs.length;
    const shares: PartySockets[][] = spread
      ? this.procs.map((_, i) =>
          parties.map((p) => ({
            partyId: p.partyId,
            phones: p.phones.filter((_, j) => j % n === i),
            screens: i === 0 ? p.screens : 0,
          })),
        )
      : this.procs.map((_, i) => parties.filter((_, j) => j % n === i));
    const holders = shares.flatMap((share, i) => (share.some((p) => p.phones.length + p.screens > 0) ? [i] : []));
    this.holders.set(group, holders);
    const ws = url.replace('http', 'ws');
    for (const i of holders) {
      this.procs[i].send({
        type: 'open',
        group,
        url: ws,
        parties: shares[i],
        localAddress: this.addresses[i],
      } satisfies ToPartyWorker);
    }
    await this.all(`opened:${group}`, holders.length);
  }

  private tell(group: string, message: ToPartyWorker) {
    for (const i of this.holders.get(group) ?? []) this.procs[i].send(message);
  }

  /**
   * Times the next `party` message on every socket of `group`: `trigger` runs once every process
   * is armed; resolves with the arrival times and the bytes the first socket got.
   */
  async next(group: string, trigger: () => Promise<unknown>) {
    const holders = this.holders.get(group)?.length ?? 0;
    this.tell(group, { type: 'arm', group });
    await this.all(`armed:${group}`, holders);
    const arrivals = this.all<Extract<FromPartyWorker, { type: 'arrivals' }>>(`arrivals:${group}`, holders);
    await trigger();
    const reports = await arrivals;
    return { at: reports.flatMap((r) => r.at), payload: reports[0].payload };
  }

  /** The phones of `group` answer each round at a random moment between `fromMs` and `toMs` after it opens. */
  play(group: string, url: string, fromMs: number, toMs: number) {
    this.tell(group, { type: 'play', group, url, fromMs, toMs });
  }

  /** Stops playing; every process's samples. */
  async stop(group: string) {
    this.tell(group, { type: 'stop', group });
    const reports = await this.all<Extract<FromPartyWorker, { type: 'played' }>>(
      `played:${group}`,
      this.holders.get(group)?.length ?? 0,
    );
    return {
      answers: reports.flatMap((r) => r.answers) as AnswerSample[],
      reveals: reports.flatMap((r) => r.reveals) as RevealSample[],
      deadlineReveals: reports.reduce((sum, r) => sum + r.deadlineReveals, 0),
      rounds: reports.reduce((sum, r) => sum + r.rounds, 0),
    };
  }

  async close() {
    process.off('exit', this.killOnExit);
    for (const proc of this.procs) {
      if (proc.connected) proc.send({ type: 'close' } satisfies ToPartyWorker);
      setTimeout(() => proc.kill('SIGKILL'), 5000).unref();
    }
    await Promise.all(this.exits);
  }
}

/** Runs `work` for each item, `concurrency` at once. */
export async function eachLimited<T>(items: T[], concurrency: number, work: (item: T) => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

/** A new party with `phones` players (the host first): its id and its players' userIds. */
export async function newParty(url: string, phones: number, timing: string): Promise<PartySockets> {
  const host = crypto.randomUUID();
  const { partyId } = JSON.parse(
    await post(`${url}/prod/create-party`, {
      userId: host,
      userName: 'Host',
      gameType: 'Spectrum',
      format: 'guess',
      timing,
    }),
  );
  const users = [host];
  for (let i = 1; i < phones; i++) {
    const userId = crypto.randomUUID();
    await post(`${url}/prod/join-party`, { partyId, userId, userName: `Phone ${i}` });
    users.push(userId);
  }
  return { partyId, phones: users, screens: 1 };
}

export const command = (url: string, party: PartySockets, name: string) =>
  post(`${url}/prod/party-command`, { partyId: party.partyId, userId: party.phones[0], command: name });

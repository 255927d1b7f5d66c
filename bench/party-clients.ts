import { resolve } from 'node:path';
import { ClientProcesses } from './client-processes.js';
import { post } from './harness.js';
import type { AnswerSample, FromPartyWorker, PartySockets, RevealSample, ToPartyWorker } from './party-worker.js';

const WORKER = resolve(import.meta.dirname, 'party-worker.ts');

/**
 * The party bench's client processes (bench/party-worker.ts). Every socket of one party is in one
 * process (its phones' answers and its reveals are timed on one clock there).
 */
export class PartyClients extends ClientProcesses<FromPartyWorker> {
  constructor(count: number, cpus?: string) {
    super(WORKER, count, { name: 'party client', cpus, timeoutMs: 120_000 });
  }

  protected reportKey(message: Exclude<FromPartyWorker, { type: 'failed' }>): string {
    return `${message.type}:${message.group}`;
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

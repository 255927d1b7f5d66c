/**
 * npm run bench -- failover: a party's clock when its instance dies (docs/scaling.md, "Party
 * clocks"). Two instances on PostgreSQL with the Redis bus (LISTEN/NOTIFY without --redis), a
 * party of four phones, two on each; at the start of a round's intro (3 s) the clock's instance is
 * SIGKILLed, then restarted while the other carries on, and its phones come back to it; 10 times,
 * the clock alternating between the two. Per kill: from the kill to the next phase change (the
 * intro's end) as a phone on the surviving instance sees it, and how late that is beyond the due
 * time (the intro's deadline): the failover (goal ≤ 10 s, the lease). At the end, the answers
 * acknowledged beside those stored.
 *   flock /tmp/bench.lock npm run bench -- failover [--failover-kills 10]
 */
import { randomUUID } from 'node:crypto';
import {
  createParty,
  type PartyCluster,
  type PartyFrame,
  Phone,
  partyCluster,
  post,
  storedAnswers,
} from '../server/testing/party-cluster.js';
import type { ServerProcess } from '../server/testing/process.js';
import { DEFAULT_POSTGRES_URL, freshDatabase, loadavg, medianRange } from './harness.js';

export interface FailoverResult {
  bus: string;
  kills: { killToChangeMs: number; lateMs: number }[];
  acknowledged: number;
  stored: number;
}

const isParty = (round: number, phase: string) => (m: PartyFrame) =>
  m.type === 'party' && m.round === round && m.phase === phase;

/** The first frame matching, with when it came. */
const seen = (phone: Phone, match: (m: PartyFrame) => boolean) => phone.frames.find((f) => match(f.message));

export async function failoverBench(options: { redis?: string; kills: number }): Promise<FailoverResult> {
  const cluster: PartyCluster = await partyCluster(2, options.redis, await freshDatabase(DEFAULT_POSTGRES_URL));
  const live = () => cluster.servers.filter((server): server is ServerProcess => server !== undefined);
  const phones: Phone[] = [];
  const result: FailoverResult = {
    bus: options.redis ? 'Redis' : 'LISTEN/NOTIFY',
    kills: [],
    acknowledged: 0,
    stored: 0,
  };
  try {
    const hostUserId = randomUUID();
    const [first] = live();
    const partyId = await createParty(first, hostUserId, { format: 'alike', rounds: Math.min(30, options.kills + 2) });
    phones.push(new Phone('Ada', partyId, live, hostUserId));
    for (const name of ['Bo', 'Cy', 'Di']) {
      const phone = new Phone(name, partyId, live);
      await post(first, 'join-party', { partyId, userId: phone.userId, userName: name });
      phones.push(phone);
    }
    // Two phones on each slot; the clock starts on slot 0 (the party was made there).
    const slotOf = new Map(phones.map((phone, i) => [phone, i % 2]));
    await Promise.all(phones.map((phone) => phone.connect(cluster.servers[slotOf.get(phone) ?? 0] as ServerProcess)));
    await post(first, 'party-command', { partyId, userId: hostUserId, command: 'start' });
    let holder = 0;
    for (let round = 0; round < options.kills; round++) {
      await Promise.all(phones.map((phone) => phone.next(isParty(round, 'intro'), 60_000)));
      const survivor = 1 - holder;
      const watcher = phones.find((phone) => slotOf.get(phone) === survivor) as Phone;
      const intro = seen(watcher, isParty(round, 'intro'));
      const due = (intro?.at ?? Date.now()) + Number(intro?.message.closesInMs ?? 0);
      const killedAt = Date.now();
      await cluster.kill(holder);
      await watcher.next(isParty(round, 'answering'), 60_000);
      // Restarted only now, so that the survivor is the one that took the clock over.
      const restarted = cluster.start(holder);
      const changed = seen(watcher, isParty(round, 'answering'))?.at ?? Date.now();
      const kill = { killToChangeMs: changed - killedAt, lateMs: changed - Math.max(killedAt, due) };
      result.kills.push(kill);
      console.log(`  kill ${round + 1}: next phase ${kill.killToChangeMs} ms after it, ${kill.lateMs} ms late`);
      // Everyone answers (on the live instance) and the round goes on while the dead one restarts.
      const alive = cluster.servers[survivor] as ServerProcess;
      await Promise.all(
        phones.map(async (phone, i) => {
          await phone.next(isParty(round, 'answering'), 60_000);
          const reply = await post(alive, 'party-answer', { partyId, userId: phone.userId, round, answer: i * 10 });
          if (reply.status === 200) result.acknowledged += 1;
        }),
      );
      const back = await restarted;
      // Its phones come back to it: two on each instance again; the clock is the survivor's now.
      await Promise.all(phones.filter((phone) => slotOf.get(phone) === holder).map((phone) => phone.moveTo(back)));
      holder = survivor;
    }
    result.stored = (await storedAnswers(cluster, partyId)).length;
    return result;
  } catch (error) {
    if (process.env.PARTY_CLUSTER_LOG_LEVEL) for (const server of cluster.servers) console.log(server?.output());
    throw error;
  } finally {
    for (const phone of phones) phone.close();
    await cluster.close();
  }
}

export function printFailover(result: FailoverResult): void {
  const ms = (values: number[]) => medianRange(values, 0);
  console.log(`\nParty clock failover: 2 instances on PostgreSQL, ${result.bus} bus, ${result.kills.length} SIGKILLs`);
  console.log(`  kill → next phase change on the survivor: ${ms(result.kills.map((k) => k.killToChangeMs))} ms`);
  console.log(`  late beyond the due time (failover; goal ≤ 10,000): ${ms(result.kills.map((k) => k.lateMs))} ms`);
  console.log(`  answers acknowledged ${result.acknowledged}, stored ${result.stored}; load ${loadavg()}`);
}

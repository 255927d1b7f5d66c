/**
 * The friends' circle cache turning games over (issue 30, item 6): 150 games of 1,000 friends
 * (10 rounds) read through one CircleCache with its default 64 MiB budget, four passes, so that it
 * evicts and rebuilds all the time. Prints the games held, what the cache counts, the process's
 * RSS before, after and at its peak, and its ArrayBuffers. Friends come from memory (no database).
 * `npx tsx bench/circle-cache-memory.ts`
 */
import { CircleCache } from '../server/circle/cache.js';
import type { CircleFriend } from '../server/circle/circle-index.js';
import { InProcessEventBus } from '../server/events/bus.js';

const GAMES = 150;
const FRIENDS = 1000;
const PASSES = 4;

const friends = (game: number): CircleFriend[] =>
  Array.from({ length: FRIENDS }, (_, i) => ({
    publicId: `p${game}-${i}-xxxxxxxx`,
    name: `Friend ${i}`,
    answers: Array.from({ length: 10 }, () => Math.floor(Math.random() * 101)),
  }));

async function main() {
  const repository = {
    listFriends: async (gameId: string) => friends(Number(gameId.slice(1))),
    findFriend: async () => undefined,
    listNetworkPlays: async () => [],
  };
  const cache = new CircleCache(repository, new InProcessEventBus());
  const mib = (bytes: number) => (bytes / 1048576).toFixed(0);
  const before = process.memoryUsage().rss;
  let peak = before;
  for (let pass = 0; pass < PASSES; pass++) {
    for (let game = 0; game < GAMES; game++) {
      await cache.read(`g${game}`, 'spectrum', undefined, (circle) => circle.topPairs());
      peak = Math.max(peak, process.memoryUsage().rss);
    }
  }
  const after = process.memoryUsage();
  console.log(
    `held ${cache.size} games, counted ${mib(cache.bytes)} MiB; RSS ${mib(before)} → ${mib(after.rss)} MiB ` +
      `(peak ${mib(peak)}), ArrayBuffers ${mib(after.arrayBuffers)} MiB, heap ${mib(after.heapUsed)} MiB`,
  );
}

await main();

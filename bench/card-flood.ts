/**
 * The client process of the card-flood benchmark (forked by bench/cards.ts), so that the flood
 * never delays the bench's own measuring requests: CLIENTS loops, each asking for the card of
 * the next game in the list (every request a different card until the list wraps), one request
 * after the other, for SECONDS; then requests still open are aborted and it reports.
 */
export interface FloodTask {
  url: string;
  gameIds: string[];
  clients: number;
  seconds: number;
  /** Every other request asks for the game's story card (its top three) instead of its preview. */
  stories?: boolean;
}

export interface FloodReport {
  requests: number;
  /** Answered with the game's own card (cacheable). */
  cards: number;
  /** Answered with the generic card, `no-store`, or a story card's 503 (the render queue was full). */
  generic: number;
  /** Any other answer, or a failed request. */
  other: number;
}

async function flood(task: FloodTask): Promise<FloodReport> {
  const report: FloodReport = { requests: 0, cards: 0, generic: 0, other: 0 };
  const stop = new AbortController();
  let next = 0;
  async function client() {
    while (!stop.signal.aborted) {
      const gameId = task.gameIds[next++ % task.gameIds.length];
      try {
        // Node's fetch opens as many connections to one origin as there are requests at once.
        const story = task.stories === true && next % 2 === 0;
        const path = story ? `/og/top/${gameId}.png` : `/og/${gameId}.png`;
        const response = await fetch(`${task.url}${path}`, { signal: stop.signal });
        await response.arrayBuffer();
        report.requests++;
        const cacheControl = response.headers.get('cache-control') ?? '';
        if (story && response.status === 503) report.generic++;
        else if (response.status !== 200) report.other++;
        else if (cacheControl === 'no-store') report.generic++;
        else report.cards++;
      } catch {
        if (!stop.signal.aborted) report.other++;
      }
    }
  }
  const timer = setTimeout(() => stop.abort(), task.seconds * 1000);
  await Promise.all(Array.from({ length: task.clients }, client));
  clearTimeout(timer);
  return report;
}

process.once('message', async (task: FloodTask) => {
  const report = await flood(task);
  process.send?.(report, () => process.exit(0));
});

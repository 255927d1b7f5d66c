/**
 * The CPU one card costs to render, story card (server/cards/) beside link-preview card, in this
 * process with this checkout's code: each rendered `renders` times after one warm-up (fonts read,
 * code compiled), with a different name each time; the process's CPU time (user + system) around
 * each render, whose median is reported. Goal (issue 35): a story card ≤ 1.5 × a preview card.
 */

import { renderOgImage } from '../server/cards/og-render.js';
import { renderStoryCard } from '../server/cards/story-render.js';
import { median } from './harness.js';

const cpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

async function timed(render: (i: number) => Promise<Buffer>, renders: number): Promise<number[]> {
  await render(-1);
  const times: number[] = [];
  for (let i = 0; i < renders; i++) {
    const start = cpuMs();
    await render(i);
    times.push(cpuMs() - start);
  }
  return times;
}

const LINK = 'https://wavelength.example/join/Zx8Kq2LmN4pR7sTv';

export async function cardCpuBench(renders: number) {
  const preview = await timed((i) => renderOgImage({ creatorName: `Ada ${i}`, edition: 'spectrum' }), renders);
  const result = await timed(
    (i) =>
      renderStoryCard({
        kind: 'result',
        lang: 'en',
        creatorName: 'Ada',
        playerName: `Bo ${i}`,
        score: 8.4,
        link: LINK,
      }),
    renders,
  );
  const top = await timed(
    (i) =>
      renderStoryCard({
        kind: 'top',
        lang: 'de',
        creatorName: `Ada ${i}`,
        top: [
          { playerName: 'Bo', score: 8.4 },
          { playerName: 'Chiara Maximiliane', score: 7 },
          { playerName: 'Dan', score: 3.5 },
        ],
        link: LINK,
      }),
    renders,
  );
  return { renders, preview: median(preview), result: median(result), top: median(top) };
}

export function printCardCpu(cpu: Awaited<ReturnType<typeof cardCpuBench>>) {
  console.log(`\nCard render CPU (this checkout, median of ${cpu.renders} renders each, CPU ms per card)`);
  console.log(`  link preview 1200×630      ${cpu.preview.toFixed(0).padStart(6)}`);
  for (const [name, ms] of [
    ['story: a result 1080×1920', cpu.result],
    ['story: top three 1080×1920', cpu.top],
  ] as const) {
    console.log(`  ${name.padEnd(26)} ${ms.toFixed(0).padStart(6)}   ${(ms / cpu.preview).toFixed(2)}× (goal ≤ 1.5×)`);
  }
}

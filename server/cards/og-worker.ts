import { threadId } from 'node:worker_threads';
import type { CardTask } from './og-pool.js';
import { renderOgImage } from './og-render.js';
import type { GamePreview } from './preview.js';
import { renderStoryCard } from './story-render.js';

/** What one render sends back: the PNG, and the thread that made it (tests check it is not the main one). */
export interface RenderedCard {
  png: Uint8Array;
  threadId: number;
}

/** Piscina's task, run in a worker thread of the render pool (og-pool.ts): one card, made whole here. */
export default async function renderCard(task: CardTask | null): Promise<RenderedCard> {
  // A story card (server/cards/) names its kind; a link preview does not.
  const png = task && 'kind' in task ? await renderStoryCard(task) : await renderOgImage(task ?? undefined);
  return { png, threadId };
}

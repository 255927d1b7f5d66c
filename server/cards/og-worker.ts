import { threadId } from 'node:worker_threads';
import { renderOgImage } from './og-render.js';
import type { GamePreview } from './preview.js';
import type { StoryCard } from './story-card.js';
import { renderStoryCard } from './story-render.js';

/** What a worker renders: a link preview (the generic one for null) or a story card. */
export type CardTask = GamePreview | StoryCard;

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

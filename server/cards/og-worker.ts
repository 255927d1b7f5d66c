import { threadId } from 'node:worker_threads';
import { renderOgImage } from './og-render.js';
import type { GamePreview } from './preview.js';

/** What one render sends back: the PNG, and the thread that made it (tests check it is not the main one). */
export interface RenderedCard {
  png: Uint8Array;
  threadId: number;
}

/** Piscina's task, run in a worker thread of the render pool (og-pool.ts): one card, made whole here. */
export default async function renderCard(preview: GamePreview | null): Promise<RenderedCard> {
  return { png: await renderOgImage(preview ?? undefined), threadId };
}

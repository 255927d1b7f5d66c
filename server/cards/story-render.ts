import { Resvg } from '@resvg/resvg-js';
import satori from 'satori';
import { loadAdditionalAsset } from './emoji.js';
import { loadFonts } from './og-render.js';
import { partyStory } from './party-story.js';
import { STORY_HEIGHT, STORY_WIDTH, type StoryCard, storyCard } from './story-card.js';

/** A story card laid out by satori as SVG: text as paths, emoji as their pictures (emoji.ts). */
export async function storySvg(story: StoryCard): Promise<string> {
  return satori(story.kind === 'party' ? partyStory(story) : storyCard(story), {
    width: STORY_WIDTH,
    height: STORY_HEIGHT,
    fonts: await loadFonts(),
    loadAdditionalAsset,
  });
}

/**
 * A story card's 1080×1920 PNG, laid out by satori (text as paths) and rasterised by resvg, as the
 * preview cards are (og-render.ts): CPU work that only the render pool's worker threads do.
 */
export async function renderStoryCard(story: StoryCard): Promise<Buffer> {
  return new Resvg(await storySvg(story), { fitTo: { mode: 'original' } }).render().asPng();
}

import type { Language } from '../../shared/languages.js';
import { PRODUCT_NAME } from '../../shared/product.js';
import { matchPage } from '../../shared/routes.js';
import { nameInText, serverTexts } from '../cards/og-texts.js';
import type { GamePreview } from '../cards/preview.js';

/** The tags of one page's link preview; every URL is absolute. */
interface PreviewTags {
  title: string;
  description: string;
  url: string;
  image: string;
  imageAlt: string;
  /** Game pages carry people's names: they stay out of search engines. */
  noindex: boolean;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for an HTML attribute value or element content. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/**
 * "Ana wants to know how in tune you are", in the game's language ("Your friend wants to know…"
 * without a name), and the game's pack after a dot: "… · Couples".
 */
function gameTitle(game: GamePreview): string {
  const texts = serverTexts(game.lang);
  const title = texts.gameTitle(nameInText(game.creatorName), game.mode);
  return game.pack === undefined ? title : `${title} · ${texts.pack[game.pack]}`;
}

function gameDescription(game: GamePreview): string {
  return serverTexts(game.lang).gameDescription(nameInText(game.creatorName), game.edition, game.mode);
}

/** Pages of one game (shared/routes.ts): kept out of search results, though robots.txt allows them. */
export function isGamePage(path: string): boolean {
  return !matchPage(path).route.indexable;
}

/** The game id of a join link (`/join/{gameId}`), if the path is one. */
export function joinGameId(path: string): string | undefined {
  const { route, params } = matchPage(path);
  return route.screen === 'Join' ? params.gameId : undefined;
}

/** The tags for one page: the game's own on a known game's join link, the generic ones elsewhere. */
export function previewTags(options: {
  origin: string;
  path: string;
  game?: { id: string; preview: GamePreview };
  /** The language of the generic tags (a game's own tags are in the game's language). */
  lang?: Language;
}): PreviewTags {
  const { origin, path, game } = options;
  const url = `${origin}${path}`;
  const noindex = isGamePage(path);
  if (!game) {
    const image = `${origin}/og-image.png`;
    const { genericTitle: title, genericDescription: description } = serverTexts(options.lang);
    return { title, description, url, image, imageAlt: title, noindex };
  }
  const title = gameTitle(game.preview);
  return {
    title,
    description: gameDescription(game.preview),
    url,
    image: `${origin}/og/${encodeURIComponent(game.id)}.png`,
    imageAlt: serverTexts(game.preview.lang).imageAlt(title, game.preview.edition),
    noindex,
  };
}

/** The tags as HTML, every value escaped. */
function renderTags(tags: PreviewTags): string {
  const property = (name: string, content: string) => `<meta property="${name}" content="${escapeHtml(content)}" />`;
  const named = (name: string, content: string) => `<meta name="${name}" content="${escapeHtml(content)}" />`;
  return [
    ...(tags.noindex ? [named('robots', 'noindex')] : []),
    property('og:site_name', PRODUCT_NAME),
    property('og:type', 'website'),
    property('og:title', tags.title),
    property('og:description', tags.description),
    property('og:url', tags.url),
    property('og:image', tags.image),
    property('og:image:type', 'image/png'),
    property('og:image:width', '1200'),
    property('og:image:height', '630'),
    property('og:image:alt', tags.imageAlt),
    named('twitter:card', 'summary_large_image'),
    named('twitter:title', tags.title),
    named('twitter:description', tags.description),
    named('twitter:image', tags.image),
    named('twitter:image:alt', tags.imageAlt),
  ].join('\n    ');
}

const MARKER = /<!-- link-preview\b[^>]*-->/;

/** Writes the tags (and any extra head markup) where index.html marks them, or at the end of its head. */
export function injectTags(html: string, tags: PreviewTags, extra = ''): string {
  const rendered = extra ? `${renderTags(tags)}\n    ${extra}` : renderTags(tags);
  // A function replacement: `$&` and friends in a name must stay literal.
  if (MARKER.test(html)) return html.replace(MARKER, () => rendered);
  return html.replace('</head>', () => `    ${rendered}\n  </head>`);
}

import { type Language, pickLanguage } from '../../shared/languages.js';
import { matchPage } from '../../shared/routes.js';

/** The game a page belongs to (`/join/{gameId}`, `/result/{gameId}`, …), if it is one game's page. */
export function gamePageId(path: string): string | undefined {
  return matchPage(path).params.gameId;
}

/**
 * The language a page is served in (`<html lang>` and its link-preview tags): a game's pages
 * speak the game's language, so that a link previews as its creator wrote it; every other page
 * (or a game that cannot be found) follows the browser's Accept-Language, which is what the
 * client picks too, until someone chooses a language on screen (the client then sets it itself).
 */
export function pageLanguage(game: { lang?: Language } | undefined, acceptLanguage: string | undefined): Language {
  return game ? (game.lang ?? 'en') : pickLanguage(acceptLanguage);
}

/** index.html with `<html lang>` set to `language` (the codes need no escaping). */
export function withHtmlLang(html: string, language: Language): string {
  return html.replace(/<html\b[^>]*>/i, (tag) =>
    /\slang="[^"]*"/i.test(tag)
      ? tag.replace(/\slang="[^"]*"/i, ` lang="${language}"`)
      : tag.replace(/^<html/i, `<html lang="${language}"`),
  );
}

/**
 * Every page of the client as one table: its path pattern, the screen it shows, whether search
 * engines may index it, and whether the server preloads its screen's code. The router
 * (client/App.tsx), the server's noindex and preload (server/web/) and analytics masking
 * (client/analytics.ts) all read it. No react or fastify here: a screen is a name, which the
 * client maps to its lazy import and the server to its built file through Vite's manifest.
 */
import { type Edition, NEW_GAME_ID } from './product.js';

/** A screen's module: `client/screens/{Screen}.tsx`. `Home` only redirects to a landing screen. */
export type Screen =
  | EditionScreen
  | 'Home'
  | 'EndScreen'
  | 'Scoreboard'
  | 'Join'
  | 'Result'
  | 'FriendComparison'
  | 'ClaimGame'
  | PartyScreen
  | 'NotFound';
/**
 * A party's screens (shared/party.ts): join by code, a TV's code entry, a phone, the shared screen,
 * the results. Their modules are client/screens/{Screen}.tsx too, but they load as one chunk,
 * client/screens/Party.tsx (screenModule).
 */
export const PARTY_SCREENS = ['PartyJoin', 'PartyTv', 'PartyPhone', 'PartyScreen', 'PartyResults'] as const;
export type PartyScreen = (typeof PARTY_SCREENS)[number];
/** The module a screen's code loads from (Vite's manifest names its chunk by it). */
export const screenModule = (screen: Screen): string =>
  (PARTY_SCREENS as readonly string[]).includes(screen) ? 'Party' : screen;
/** The screens that come in both editions: their routes say which. */
type EditionScreen = 'Landing' | 'Game';

interface RouteBase {
  /** Segments; `:name` stands for any one non-empty segment (a game id, a friend's id). */
  pattern: string;
  /** Pages of one game carry people's names: kept out of search results (robots.txt still allows them). */
  indexable: boolean;
  /** The pages a shared link opens on: the server sends their screen's code beside the entry. */
  preload?: boolean;
}
export type PageRoute =
  | (RouteBase & { screen: EditionScreen; edition: Edition })
  | (RouteBase & { screen: Exclude<Screen, EditionScreen>; edition?: undefined });

/** The catch-all: any address no other route matches shows the "Nothing here" screen. */
export const NOT_FOUND_PATTERN = '/*';

export const PAGE_ROUTES: readonly PageRoute[] = [
  { pattern: '/', screen: 'Home', indexable: true },
  { pattern: '/spectrum', screen: 'Landing', edition: 'spectrum', indexable: true },
  { pattern: '/classic', screen: 'Landing', edition: 'classic', indexable: true },
  // A creator's game in the making is its own page: it has no id to hide.
  { pattern: `/spectrum/game/${NEW_GAME_ID}`, screen: 'Game', edition: 'spectrum', indexable: false },
  { pattern: `/classic/game/${NEW_GAME_ID}`, screen: 'Game', edition: 'classic', indexable: false },
  { pattern: '/spectrum/game/:gameId', screen: 'Game', edition: 'spectrum', indexable: false },
  { pattern: '/classic/game/:gameId', screen: 'Game', edition: 'classic', indexable: false },
  { pattern: '/endscreen/:gameId', screen: 'EndScreen', indexable: false, preload: true },
  { pattern: '/scoreboard/:gameId', screen: 'Scoreboard', indexable: false, preload: true },
  { pattern: '/join/:gameId', screen: 'Join', indexable: false, preload: true },
  { pattern: '/result/:gameId', screen: 'Result', indexable: false, preload: true },
  { pattern: '/comparison/:gameId/:playerID', screen: 'FriendComparison', indexable: false },
  { pattern: '/creator/:gameId', screen: 'ClaimGame', indexable: false },
  { pattern: '/party', screen: 'PartyJoin', indexable: true },
  { pattern: '/tv', screen: 'PartyTv', indexable: false },
  { pattern: '/party/:partyId', screen: 'PartyPhone', indexable: false, preload: true },
  { pattern: '/party/:partyId/screen', screen: 'PartyScreen', indexable: false, preload: true },
  { pattern: '/party/:partyId/results', screen: 'PartyResults', indexable: false, preload: true },
  { pattern: NOT_FOUND_PATTERN, screen: 'NotFound', indexable: true },
];

interface PageMatch {
  route: PageRoute;
  /** The values of the pattern's `:name` segments, decoded (undefined when one is not valid %-encoding). */
  params: Record<string, string | undefined>;
}

const segments = (path: string) => path.replace(/^\/|\/$/g, '').split('/');

function decoded(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

function matchOne(route: PageRoute, parts: string[]): PageMatch | undefined {
  const wanted = segments(route.pattern);
  if (wanted.length !== parts.length) return undefined;
  const params: PageMatch['params'] = {};
  for (const [index, want] of wanted.entries()) {
    const part = parts[index];
    if (want.startsWith(':')) {
      if (part === '') return undefined;
      params[want.slice(1)] = decoded(part);
    } else if (want !== part) {
      return undefined;
    }
  }
  return { route, params };
}

/**
 * The page a path (without its query) shows, as the router picks it: a fixed segment before a
 * `:name` one, one trailing slash allowed, anything else the catch-all. Letters' case counts, as
 * it did for the server's noindex and preload before the table.
 */
export function matchPage(path: string): PageMatch {
  const parts = segments(path);
  for (const fixedFirst of [true, false]) {
    for (const route of PAGE_ROUTES) {
      if (route.pattern === NOT_FOUND_PATTERN || route.pattern.includes(':') === fixedFirst) continue;
      const match = matchOne(route, parts);
      if (match) return match;
    }
  }
  const notFound = PAGE_ROUTES.find((route) => route.pattern === NOT_FOUND_PATTERN) as PageRoute;
  return { route: notFound, params: {} };
}

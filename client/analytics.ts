/**
 * Page-view analytics, configured at run time: the server writes GA_MEASUREMENT_ID into a meta
 * tag. Empty means off, and then nothing third-party is loaded. No inline script is needed: the
 * gtag function lives in this bundle and only gtag.js itself comes from Google.
 */

import { matchPage } from '../shared/routes.js';
import { measurementId } from './analytics-id.js';

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

export { measurementId };

/**
 * What is reported for a path: its route's pattern (`/join/:gameId`), never the path itself. Game
 * and player ids are how people get in, so none goes to a third party; an address no route
 * matches could hold anything and is reported as the catch-all's pattern.
 */
export function publicPath(pathname: string): string {
  return matchPage(pathname).route.pattern;
}

type Gtag = (...args: unknown[]) => void;
let gtag: Gtag | undefined;
let lastPath = '';

/** Loads gtag.js if a measurement id is configured; otherwise does nothing at all. */
export function startAnalytics(): void {
  const id = measurementId();
  if (!id || gtag) return;
  window.dataLayer = window.dataLayer ?? [];
  // gtag.js reads `arguments` objects from the data layer, exactly as Google's snippet pushes them.
  gtag = function gtag(..._args: unknown[]): void {
    // biome-ignore lint/complexity/noArguments: gtag.js only accepts the arguments object itself, not an array.
    window.dataLayer?.push(arguments);
  };
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`;
  document.head.append(script);
  gtag('js', new Date());
  gtag('config', id, { send_page_view: false });
}

/** One page view per screen shown (called by the app shell on every route change). */
export function trackPageView(pathname: string): void {
  // `/` only redirects to a landing screen, which reports itself.
  if (!gtag || matchPage(pathname).route.screen === 'Home') return;
  const path = publicPath(pathname);
  if (path === lastPath) return;
  lastPath = path;
  gtag('event', 'page_view', { page_path: path, page_location: `${window.location.origin}${path}` });
}

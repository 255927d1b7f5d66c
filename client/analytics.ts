/**
 * Page-view analytics, configured at run time: the server writes GA_MEASUREMENT_ID into a meta
 * tag. Empty means off, and then nothing third-party is loaded. No inline script is needed: the
 * gtag function lives in this bundle and only gtag.js itself comes from Google.
 */

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

export function measurementId(doc: Document = document): string {
  return doc.querySelector('meta[name="ga-measurement-id"]')?.getAttribute('content')?.trim() ?? '';
}

/** Game ids are how friends get in; they are not sent to a third party. */
export function publicPath(pathname: string): string {
  const parts = pathname.split('/');
  if (['join', 'result', 'endscreen', 'scoreboard'].includes(parts[1]) && parts[2]) parts[2] = ':gameId';
  if (parts[2] === 'game' && parts[3] && parts[3] !== 'new-game') parts[3] = ':gameId';
  return parts.join('/');
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
  if (!gtag || pathname === '/') return;
  const path = publicPath(pathname);
  if (path === lastPath) return;
  lastPath = path;
  gtag('event', 'page_view', { page_path: path, page_location: `${window.location.origin}${path}` });
}

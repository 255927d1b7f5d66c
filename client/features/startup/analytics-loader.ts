/**
 * Page-view analytics' code is fetched only where it is configured (GA_MEASUREMENT_ID): most
 * installs have none, and the landing page's entry stays free of it. Page views asked for before
 * it arrives are reported once it is here; if it cannot be fetched, there are none.
 */
import { measurementId } from '../../analytics-id.js';

type Analytics = typeof import('../../analytics.js');
let analytics: Promise<Analytics | null> | undefined;

/** Fetches and starts the analytics if a measurement id is configured; otherwise does nothing at all. */
export function startAnalyticsIfConfigured(): void {
  if (analytics || !measurementId()) return;
  analytics = import('../../analytics.js').then(
    (module) => {
      module.startAnalytics();
      return module;
    },
    () => null,
  );
}

/** One page view per screen shown, once the analytics are here (nothing when they are off). */
export function trackPageViewLater(pathname: string): void {
  void analytics?.then((module) => module?.trackPageView(pathname));
}

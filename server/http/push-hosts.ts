/**
 * Which push services the server sends to. A subscription's endpoint is a URL the browser got
 * from its push service, but the request that hands it to us is the client's: an endpoint on any
 * other host (a private address, a cloud metadata address, anyone's server) would make this
 * server send requests wherever a client likes. So only `https` URLs on PUSH_SERVICE_HOSTS pass.
 */

/** Chrome (FCM), Firefox (Mozilla autopush), Edge (WNS) and Safari (Apple). */
export const DEFAULT_PUSH_SERVICE_HOSTS: readonly string[] = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.notify.windows.com',
  'web.push.apple.com',
];

/** One entry: `host`, `*.domain` (any host under it) or `host:port` (tests, a self-hosted push service). */
export const PUSH_HOST_PATTERN = /^(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/;

function matches(entry: string, hostname: string, port: string): boolean {
  const colon = entry.lastIndexOf(':');
  const [host, entryPort] = colon > 0 ? [entry.slice(0, colon), entry.slice(colon + 1)] : [entry, ''];
  // An entry without a port means the https default: the URL must name none (or 443, which URL drops).
  if (entryPort !== port) return false;
  if (host.startsWith('*.')) return hostname.endsWith(host.slice(1)) && hostname.length > host.length - 1;
  return hostname === host;
}

/** Whether the server may send to this endpoint: an `https` URL, no credentials, on a listed host. */
export function isAllowedPushEndpoint(endpoint: string, hosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') return false;
  const hostname = url.hostname.toLowerCase();
  return hosts.some((entry) => matches(entry.toLowerCase(), hostname, url.port));
}

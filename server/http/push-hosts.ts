/**
 * Which push services the server sends to. A subscription's endpoint is a URL the browser got
 * from its push service, but the request that hands it to us is the client's: an endpoint on any
 * other host (a private address, a cloud metadata address, anyone's server) would make this
 * server send requests wherever a client likes. So only `https` URLs on PUSH_SERVICE_HOSTS pass.
 *
 * One parse decides both what is checked and where a push goes (`pushTarget`): the sender
 * connects to the target's `hostname`, `port` and `path`, never to a second reading of the
 * string. Two URL parsers that disagree were a way around the check (WHATWG `URL` keeps
 * `evil;.notify.windows.com` as one host, Node's legacy `url.parse` stops at the `;` and
 * connects to `evil`; `fcm%2egoogleapis.com` decodes differently in each), so the grammar here
 * is narrower than either: letters, digits, `-` and `.` in the host, no `%`, userinfo or
 * anything else in the authority, and a path of URL characters only.
 */
import { MAX_PUSH_ENDPOINT_LENGTH } from '../../shared/api.js';

/** Chrome (FCM), Firefox (Mozilla autopush), Edge (WNS) and Safari (Apple). */
export const DEFAULT_PUSH_SERVICE_HOSTS: readonly string[] = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.notify.windows.com',
  'web.push.apple.com',
];

/** One entry: `host`, `*.domain` (any host under it) or `host:port` (tests, a self-hosted push service). */
export const PUSH_HOST_PATTERN = /^(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/;

/**
 * An endpoint the server sends to, read once: `https://` + host (letters, digits, `-`, `.`) +
 * an optional port + a path and query of RFC 3986 characters (no `#`, spaces, quotes, `\`,
 * braces or backticks).
 */
const ENDPOINT_GRAMMAR = /^https:\/\/([A-Za-z0-9.-]{1,253})(?::(\d{1,5}))?(\/[A-Za-z0-9\-._~!$&()*+,;=:@/%?]*)?$/;

/** Where a push goes: exactly what was checked. */
export interface PushTarget {
  /** `https://host[:port]`, the VAPID audience. */
  origin: string;
  hostname: string;
  port: number;
  /** Path and query, starting with `/`. */
  path: string;
}

function matches(entry: string, hostname: string, port: string): boolean {
  const colon = entry.lastIndexOf(':');
  const [host, entryPort] = colon > 0 ? [entry.slice(0, colon), entry.slice(colon + 1)] : [entry, ''];
  // An entry without a port means the https default: the URL must name none (or 443).
  if (entryPort !== port) return false;
  if (host.startsWith('*.')) return hostname.endsWith(host.slice(1)) && hostname.length > host.length - 1;
  return hostname === host;
}

/** A host name of labels (no empty label, none starting or ending with `-`). */
const HOSTNAME = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/;

/**
 * The target of an endpoint the server may send to (an `https` URL of the narrow grammar above,
 * on a listed host and port), or undefined. The sender connects to this and nothing else.
 */
export function pushTarget(endpoint: string, hosts: readonly string[]): PushTarget | undefined {
  if (endpoint.length > MAX_PUSH_ENDPOINT_LENGTH) return undefined;
  const parts = ENDPOINT_GRAMMAR.exec(endpoint);
  if (!parts) return undefined;
  const hostname = parts[1].toLowerCase();
  if (!HOSTNAME.test(hostname)) return undefined;
  const portText = parts[2] === undefined || Number(parts[2]) === 443 ? '' : String(Number(parts[2]));
  const port = portText === '' ? 443 : Number(portText);
  if (port < 1 || port > 65535) return undefined;
  if (!hosts.some((entry) => matches(entry.toLowerCase(), hostname, portText))) return undefined;
  // Belt and braces: the WHATWG reading must name the same host and port.
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return undefined;
  }
  if (url.hostname !== hostname || (url.port === '' ? 443 : Number(url.port)) !== port) return undefined;
  const origin = `https://${hostname}${portText === '' ? '' : `:${portText}`}`;
  return { origin, hostname, port, path: parts[3] ?? '/' };
}

/** Whether the server may send to this endpoint (see `pushTarget`). */
export function isAllowedPushEndpoint(endpoint: string, hosts: readonly string[]): boolean {
  return pushTarget(endpoint, hosts) !== undefined;
}

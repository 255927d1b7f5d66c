import fp from 'fastify-plugin';
import helmetMiddleware from 'helmet';
import { API_PREFIX } from '../../shared/api.js';

type HelmetOptions = NonNullable<Parameters<typeof helmetMiddleware>[0]>;

const GA_HOSTS = ['https://*.googletagmanager.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com'];

interface SecurityOptions {
  /** Page-view analytics is on: its hosts join the content security policy. */
  analytics: boolean;
}

/** A strict content security policy, nosniff, HSTS and the rest of helmet's set. */
function helmetOptions({ analytics }: SecurityOptions): HelmetOptions {
  const thirdParty = analytics ? GA_HOSTS : [];
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...thirdParty],
        connectSrc: ["'self'", ...thirdParty],
        imgSrc: ["'self'", 'data:', ...thirdParty],
        styleSrc: ["'self'"],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Only over HTTPS (browsers ignore it on plain HTTP), and never for a self-hoster's other subdomains.
    strictTransportSecurity: { maxAge: 15_552_000, includeSubDomains: false },
  };
}

/**
 * The same headers as a fixed list, for the few answers written before Fastify's hooks run
 * (a malformed URL, oversized headers, a request timeout). Helmet itself computes them, against
 * a response that only records what is set.
 */
function securityHeaderList(options: SecurityOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: () => {},
  };
  const middleware = helmetMiddleware(helmetOptions(options));
  // biome-ignore lint/suspicious/noExplicitAny: helmet expects Node's request/response; it only calls setHeader/removeHeader here.
  middleware({} as any, recorder as any, () => {});
  return headers;
}

/** The API's paths: JSON replies and the live channel, never a page. */
const API_PATHS = `${API_PREFIX}/`;

/**
 * The headers of the API's replies, which are never pages (OWASP's REST Security Cheat Sheet):
 * nosniff, a content security policy that allows nothing and no framing (should a reply be
 * opened as a document), HSTS and CORP as the pages have them. The page set's script, style and
 * analytics sources, COOP, Origin-Agent-Cluster and the legacy X- headers only concern HTML
 * documents, and checking and writing a dozen headers on every reply was most of the header
 * work of the hot calls (get-all-players 0.64 → 0.72 × a bare Fastify, npm run bench).
 */
function apiSecurityHeaderList(page: Record<string, string>): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'strict-transport-security': page['strict-transport-security'],
    'cross-origin-resource-policy': page['cross-origin-resource-policy'],
    'referrer-policy': page['referrer-policy'],
  };
}

/** The security headers of an answer to `url`: the API's set under API_PATHS, the page set elsewhere. */
export function securityHeadersFor(options: SecurityOptions): (url: string) => Record<string, string> {
  const page = securityHeaderList(options);
  const api = apiSecurityHeaderList(page);
  return (url) => (url.startsWith(API_PATHS) ? api : page);
}

/**
 * Security headers on every answer that goes through Fastify: helmet's set, computed once at
 * start-up, or the API's shorter set. (@fastify/helmet builds helmet's middleware again on every
 * request, with two hooks, which cost more than our hot calls' own work; no route has its own
 * helmet options or nonces.)
 */
export const securityHeaders = fp<SecurityOptions>(async (app, options) => {
  const headersFor = securityHeadersFor(options);
  app.addHook('onRequest', (request, reply, done) => {
    // On the reply, in one call: Node then writes them with the reply's own headers in one writeHead
    // (setting them on the raw response first costs a second round of header checks and a merge).
    // Every answer, static files and errors included, goes through the reply; the few written
    // before Fastify's hooks run get the same lists from securityHeadersFor.
    reply.headers(headersFor(request.url));
    done();
  });
});

import type { EndpointName, Endpoints, ReplyOf, RequestOf } from '../../shared/api.js';
import { API_PREFIX } from '../../shared/api-prefix.js';
import { type Failure, failure } from '../i18n/failure.js';
import { DEFAULT_LANGUAGE } from '../i18n/languages.js';

/**
 * What a call says when the server gives no sentence (no answer, a proxy's page) and its screen
 * says its own then (failureText); calls.ts has the ones a screen shows.
 */
export const REQUEST_FAILED = failure('request_failed', 'API response not ok');

/** A failed call: the server's `{code,message}` (or the caller's fallback) and the HTTP status (0: no answer). */
export class ApiError extends Error {
  constructor(
    readonly failure: Failure,
    readonly status: number,
    /** True when `failure` is the server's own, not the caller's fallback. */
    readonly fromServer = false,
  ) {
    super(failure.message);
    this.name = 'ApiError';
  }
}

/**
 * What to tell a person about a failed call: the server's own failure when it answered with one,
 * otherwise `fallback` (no answer at all, or an answer without a message).
 */
export function failureText(error: unknown, fallback: Failure): Failure {
  return error instanceof ApiError && error.fromServer ? error.failure : fallback;
}

async function readBody(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The server's failure: its code and sentence (`{"code","message"}`; an answer with only a message,
 * from a proxy or an older server, has no code and is shown as it is). A 429's `Retry-After` gives
 * the seconds its sentence names.
 */
function failureOf(body: unknown, response: Response): Failure | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { code, message } = body as { code?: unknown; message?: unknown };
  if (typeof message !== 'string' || message === '') return undefined;
  const retryAfter = Number(response.headers.get('retry-after') ?? Number.NaN);
  const values = response.status === 429 && Number.isFinite(retryAfter) ? { seconds: retryAfter } : undefined;
  return { code: typeof code === 'string' ? code : '', message, ...(values && { values }) };
}

/** A GET sends its request as the query string, a POST as the JSON body; the table says which. */
type CallInput<K extends EndpointName> = Endpoints[K]['method'] extends 'GET'
  ? { query: RequestOf<K> }
  : { body: RequestOf<K> };

interface CallOptions {
  signal?: AbortSignal;
  /** Used when the server gives no message (network down, proxy error page). */
  fallback: Failure;
  /**
   * The reader's language (BCP 47), sent as `lang` in the query or body for the calls that
   * answer with text (docs/api.md: get-questions, join-game, get-comparison; create-game's is the
   * game's language). English, the API's default, is not sent: the request is then exactly the
   * original client's, and means the same.
   */
  lang?: string;
}

/** One call of the API table (shared/api.ts); resolves with its 2xx reply, rejects with an ApiError. */
export async function apiCall<K extends EndpointName>(
  name: K,
  input: CallInput<K>,
  options: CallOptions,
): Promise<ReplyOf<K>> {
  const isGet = 'query' in input;
  const withLang = (fields: unknown) =>
    options.lang === undefined || options.lang === DEFAULT_LANGUAGE
      ? fields
      : { ...(fields as object), lang: options.lang };
  const search = isGet ? `?${new URLSearchParams(withLang(input.query) as Record<string, string>)}` : '';
  let response: Response;
  try {
    response = await fetch(`${API_PREFIX}/${name}${search}`, {
      method: isGet ? 'GET' : 'POST',
      headers: isGet
        ? { Accept: 'application/json' }
        : { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: isGet ? undefined : JSON.stringify(withLang(input.body)),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(options.fallback, 0);
  }
  const body = await readBody(response);
  if (!response.ok) {
    const failure = failureOf(body, response);
    throw new ApiError(failure ?? options.fallback, response.status, failure !== undefined);
  }
  if (body === undefined) throw new ApiError(options.fallback, response.status);
  return body as ReplyOf<K>;
}

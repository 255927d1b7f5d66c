import type { EndpointName, Endpoints, ReplyOf, RequestOf } from '../../shared/api.js';
import { API_PREFIX } from '../../shared/api-prefix.js';
import { DEFAULT_LANGUAGE } from '../i18n/languages.js';

/** A failed call: the server's `{message}` (or the caller's fallback) and the HTTP status (0: no answer). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** True when `message` is the server's own sentence, not the caller's fallback. */
    readonly fromServer = false,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * What to tell a person about a failed call: the server's own sentence when it answered with one,
 * otherwise `sentence` (no answer at all, or an answer without a message).
 */
export function failureText(error: unknown, sentence: string): string {
  return error instanceof ApiError && error.fromServer ? error.message : sentence;
}

export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message !== '') return error.message;
  return fallback;
}

async function readBody(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    return undefined;
  }
}

function messageOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { message } = body as { message?: unknown };
  return typeof message === 'string' && message !== '' ? message : undefined;
}

/** A GET sends its request as the query string, a POST as the JSON body; the table says which. */
type CallInput<K extends EndpointName> = Endpoints[K]['method'] extends 'GET'
  ? { query: RequestOf<K> }
  : { body: RequestOf<K> };

interface CallOptions {
  signal?: AbortSignal;
  /** Used when the server gives no message (network down, proxy error page). */
  fallback: string;
  /**
   * The reader's language (BCP 47), sent as `lang` in the query or body for the calls that
   * answer with text (CONTRACT: get-questions, join-game, get-comparison; create-game's is the
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
    const message = messageOf(body);
    throw new ApiError(message ?? options.fallback, response.status, message !== undefined);
  }
  if (body === undefined) throw new ApiError(options.fallback, response.status);
  return body as ReplyOf<K>;
}

/** Every call of the API lives under this path, on the same host as the page. */
export const API_BASE = '/prod';

/** A failed call: the server's `{message}` (or the caller's fallback) and the HTTP status (0: no answer). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
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

interface RequestOptions {
  query?: Record<string, string>;
  body?: unknown;
  signal?: AbortSignal;
  /** Used when the server gives no message (network down, proxy error page). */
  fallback: string;
}

/** One JSON call to the API; resolves with the parsed 2xx body, rejects with an ApiError. */
export async function apiRequest<T>(path: string, options: RequestOptions): Promise<T> {
  const search = options.query ? `?${new URLSearchParams(options.query)}` : '';
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/${path}${search}`, {
      method: options.body === undefined ? 'GET' : 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(options.fallback, 0);
  }
  const body = await readBody(response);
  if (!response.ok) throw new ApiError(messageOf(body) ?? options.fallback, response.status);
  if (body === undefined) throw new ApiError(options.fallback, response.status);
  return body as T;
}

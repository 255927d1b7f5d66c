import type { Config } from '../config.js';

/** How long the command line waits for a running server before it writes the database itself. */
const ANSWER_TIMEOUT_MS = 3000;

export interface ServerAnswer {
  status: number;
  message?: string;
}

/** Where this environment's server listens, as seen from the same machine. */
export function localServerUrl(config: Pick<Config, 'HOST' | 'PORT'>): string {
  const anyAddress = config.HOST === '0.0.0.0' || config.HOST === '::' || config.HOST === '';
  const host = anyAddress ? '127.0.0.1' : config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST;
  return `http://${host}:${config.PORT}`;
}

/**
 * Sends an admin call to the server running with this environment (ADMIN_TOKEN, HOST, PORT).
 * On SQLite that server is the only one that can tell its open screens, and the only holder of
 * its cached games; undefined when no server answers there (then the database is written directly).
 */
export async function callRunningServer(
  config: Pick<Config, 'HOST' | 'PORT' | 'ADMIN_TOKEN'>,
  call: 'admin/delete-game' | 'admin/remove-player' | 'admin/end-party',
  body: Record<string, string>,
): Promise<ServerAnswer | undefined> {
  let response: Response;
  try {
    response = await fetch(`${localServerUrl(config)}/prod/${call}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${config.ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
    });
  } catch {
    return undefined;
  }
  const answer = (await response.json().catch(() => undefined)) as { message?: unknown } | undefined;
  return { status: response.status, message: typeof answer?.message === 'string' ? answer.message : undefined };
}

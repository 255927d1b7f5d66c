import { networkInterfaces } from 'node:os';
import type { FastifyRequest } from 'fastify';

/** Where absolute URLs (link previews) point: PUBLIC_URL, else the address this request came to. */
export function publicOrigin(request: FastifyRequest, publicUrl: string | undefined): string {
  return publicUrl ?? `${request.protocol}://${request.host}`;
}

const ANY_ADDRESS = new Set(['0.0.0.0', '::']);
const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];

const hostPart = (host: string) => (host.includes(':') && !host.startsWith('[') ? `[${host}]` : host);

/**
 * The addresses this server itself answers at over plain HTTP, as `npm start` prints them: the
 * loopback names and, on an any-address HOST, this machine's network addresses (a phone on the
 * same Wi-Fi), or HOST itself; each with PORT.
 */
export function ownOrigins(host: string, port: number, addresses = networkAddresses()): string[] {
  const names = ANY_ADDRESS.has(host) ? [...LOOPBACK, ...addresses] : [...LOOPBACK, host];
  return [...new Set(names.map((name) => `http://${hostPart(name.toLowerCase())}:${port}`))];
}

function networkAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter((entry) => entry !== undefined && !entry.internal)
    .map((entry) => entry?.address as string);
}

/**
 * The origin a story card draws (its join link as text and as a QR code), which a client never
 * chooses: a card is rendered once per look, so a look per `Host` header a client makes up would
 * be a render (about 400 ms of CPU) per request, and a QR code to wherever that client likes.
 * - `PUBLIC_URL` when set (what a public server sets, see docs/operations.md);
 * - else the address asked at, when it is one of this server's own (`ownOrigins`: localhost, or
 *   this machine's address on its network, at PORT), as when people play on one Wi-Fi;
 * - else the first other origin a card was asked at, fixed for the life of the process (logged
 *   once, so that whoever runs it sees it and sets PUBLIC_URL).
 * So a card has at most a handful of looks per language, whatever Host headers arrive.
 */
export class CardOrigin {
  readonly #own: ReadonlySet<string>;
  #first?: string;

  constructor(
    private readonly publicUrl: string | undefined,
    own: readonly string[],
    private readonly onFixed: (origin: string) => void = () => {},
  ) {
    this.#own = new Set(own);
  }

  of(request: FastifyRequest): string {
    if (this.publicUrl) return this.publicUrl;
    const asked = `${request.protocol}://${request.host.toLowerCase()}`;
    if (this.#own.has(asked)) return asked;
    if (this.#first === undefined) {
      this.#first = asked;
      this.onFixed(asked);
    }
    return this.#first;
  }
}

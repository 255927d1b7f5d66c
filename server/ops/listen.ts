import { networkInterfaces } from 'node:os';
import type { Config } from '../config.js';

const ANY_ADDRESS = new Set(['0.0.0.0', '::']);

function urlFor(host: string, port: number): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/** This machine's own IPv4 addresses on its networks (what a phone on the same Wi-Fi can reach). */
function networkAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter((entry) => entry !== undefined && entry.family === 'IPv4' && !entry.internal)
    .map((entry) => entry?.address as string);
}

/**
 * The plain lines printed once the server listens: where to open the product, on an any-address
 * host the addresses other devices of the network use, and whether moderation (/admin) is on.
 * Never the token itself.
 */
export function servingLines(
  config: Pick<Config, 'HOST' | 'PORT' | 'PUBLIC_URL' | 'ADMIN_TOKEN'>,
  addresses = networkAddresses(),
): string[] {
  const { HOST: host, PORT: port } = config;
  const local = urlFor(ANY_ADDRESS.has(host) ? 'localhost' : host, port);
  const lines = [`Wavelength is running at ${local}`];
  if (ANY_ADDRESS.has(host)) {
    for (const address of addresses) lines.push(`  on your network: ${urlFor(address, port)}`);
  }
  if (config.PUBLIC_URL) lines.push(`Share links use PUBLIC_URL: ${config.PUBLIC_URL}`);
  if (config.ADMIN_TOKEN !== undefined) lines.push(`/admin is on (ADMIN_TOKEN is set): ${local}/admin`);
  return lines;
}

/** One line for a listen failure a person can fix by a setting, or undefined for anything else. */
export function listenFailure(error: unknown, config: Pick<Config, 'HOST' | 'PORT'>): string | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EADDRINUSE') {
    return `Port ${config.PORT} is already in use: stop what is using it or set PORT to another port (PORT=${config.PORT + 1} npm start).`;
  }
  if (code === 'EACCES')
    return `Port ${config.PORT} needs more privileges than this user has: set PORT to 1024 or above.`;
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') {
    return `HOST=${config.HOST} is not an address of this machine: use 127.0.0.1, or 0.0.0.0 to serve every network.`;
  }
  return undefined;
}

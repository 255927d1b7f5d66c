import { createHash } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';

/**
 * The network a client address belongs to, as the per-game cap on plays and the creator's burst
 * flag count it: an IPv4 address itself, an IPv6 address's /64 (one subscriber's usual share;
 * anyone holds a whole /64). The address is the one the rate limit counts (`request.ip`, which
 * honours TRUST_PROXY).
 */
export function networkPrefix(address: string): string {
  const bare = address.replace(/^\[|\]$/g, '').split('%')[0];
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped && isIPv4(mapped[1])) return mapped[1];
  if (!isIPv6(bare)) return bare;
  const [head, tail = ''] = bare.toLowerCase().split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === '' ? [] : tail.split(':');
  // An embedded IPv4 tail (::1.2.3.4) is two groups; only the first four groups are kept anyway.
  const rightGroups = right.flatMap((group) => (group.includes('.') ? ['0', '0'] : [group]));
  const groups = bare.includes('::')
    ? [...left, ...Array(8 - left.length - rightGroups.length).fill('0'), ...rightGroups]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

/**
 * What is stored about a response's network (response_networks.network): a hash of its prefix,
 * never the address, and never sent to anyone. Salted so that it matches no other table of hashed
 * addresses; an IPv4 address can still be found from it by trying them all, so it is kept only
 * beside the game's responses and deleted with them.
 */
export function networkOf(address: string): string {
  const prefix = networkPrefix(address);
  const hash = (text: string, length: number) =>
    createHash('sha256').update(`wavelength/network/${text}`).digest('base64url').slice(0, length);
  // IPv4: its /24 first (the friends' circle groups a network's near-repeat plays by it, see
  // circle-index.ts), then the address, which the cap and the burst flag count: equality of the
  // whole string, as before. An IPv6 /64 is one block.
  const v4 = /^(\d+\.\d+\.\d+)\.\d+$/.exec(prefix);
  return v4 ? `${hash(`${v4[1]}.0/24`, 11)}.${hash(prefix, 22)}` : hash(prefix, 22);
}

/** The /24 (IPv4) or /64 (IPv6) block of a stored network (networkOf); the network itself if stored before blocks were kept. */
export const blockOfNetwork = (network: string): string => network.split('.', 1)[0];

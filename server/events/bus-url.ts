/** BUS_URL read apart from the bus, so that the configuration checks it without loading Redis' client. */

/** What BUS_URL names: one Redis (redis://, rediss://) or the nodes of a Redis Cluster. */
export type BusTarget =
  | { kind: 'single'; url: string }
  | {
      kind: 'cluster';
      /** Some nodes to start from: the client learns the others (and who owns which slot) from them. */
      nodes: { host: string; port: number }[];
      username?: string;
      password?: string;
      tls: boolean;
    };

const CLUSTER_URL = /^(rediss?)\+cluster:\/\/(?:([^@/]*)@)?([^/?#@]+)\/?$/;

/**
 * Reads BUS_URL: `redis://…` or `rediss://…` is one Redis; `redis+cluster://[user:password@]host:port,host:port`
 * (or `rediss+cluster://` for TLS) is a Redis Cluster, named by one or more of its nodes.
 * Undefined if it is neither.
 */
export function parseBusUrl(url: string): BusTarget | undefined {
  if (/^rediss?:\/\/.+/.test(url)) return { kind: 'single', url };
  const match = CLUSTER_URL.exec(url);
  if (!match) return undefined;
  const [, scheme, auth, hosts] = match;
  const nodes: { host: string; port: number }[] = [];
  for (const entry of hosts.split(',')) {
    const node = /^(\[[^\]]+\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(entry.trim());
    if (!node) return undefined;
    const port = node[2] === undefined ? 6379 : Number(node[2]);
    if (port < 1 || port > 65535) return undefined;
    nodes.push({ host: node[1].replace(/^\[|\]$/g, ''), port });
  }
  const target: BusTarget = { kind: 'cluster', nodes, tls: scheme === 'rediss' };
  if (auth) {
    const colon = auth.indexOf(':');
    const username = decodeURIComponent(colon < 0 ? auth : auth.slice(0, colon));
    if (username) target.username = username;
    if (colon >= 0) target.password = decodeURIComponent(auth.slice(colon + 1));
  }
  return target;
}

/** host:port of every Redis BUS_URL names, without user or password (for error messages). */
export function busAddresses(url: string): string {
  const target = parseBusUrl(url);
  if (target?.kind === 'cluster') return target.nodes.map(({ host, port }) => `${host}:${port}`).join(',');
  try {
    const { hostname, port } = new URL(url);
    return `${hostname}:${port || 6379}`;
  } catch {
    return 'its address';
  }
}

/** The hash slot (0–16383) of a key or shard channel in a Redis Cluster (the package ioredis routes with). */
declare module 'cluster-key-slot' {
  export default function calculateSlot(key: string | Buffer): number;
}

import net from 'node:net';

/**
 * A TCP proxy in front of the test Redis, for a bus to lose Redis without stopping it (other test
 * files use it): `holdSubscriptions` stops passing what Redis sends to the connections that
 * subscribed; `cut` drops every connection and refuses new ones until `restore`, as a Redis that
 * goes away and comes back at the same address; `hang` keeps every connection open but passes
 * nothing either way until `resume`, which then passes what was held, in order (a Redis that
 * stalls); `drop` throws away whatever the clients send from then on (an instance that died after
 * its last commit: nothing more of it reaches Redis); `stop` closes it for good.
 */
export interface RedisProxy {
  url: string;
  holdSubscriptions(): void;
  cut(): void;
  restore(): void;
  hang(): void;
  resume(): void;
  drop(): void;
  stop(): Promise<void>;
}

export async function startRedisProxy(redisUrl: string): Promise<RedisProxy> {
  const target = new URL(redisUrl);
  const sockets = new Set<net.Socket>();
  const held = new Set<net.Socket>();
  /** While hung: what waits to be written, by the socket it is for, in the order it came. */
  const stalled: { to: net.Socket; data: Buffer }[] = [];
  let holding = false;
  let refusing = false;
  let hung = false;
  let dropping = false;
  const pass = (to: net.Socket, data: Buffer) => {
    if (hung) stalled.push({ to, data });
    else to.write(data);
  };
  const server = net.createServer((client) => {
    if (refusing) {
      client.destroy();
      return;
    }
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    let subscriber = false;
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.on('data', (data: Buffer) => {
      if (dropping) return;
      if (/subscribe/i.test(data.toString('latin1'))) subscriber = true;
      pass(upstream, data);
    });
    upstream.on('data', (data: Buffer) => {
      if (holding && subscriber) held.add(client);
      else pass(client, data);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `redis://127.0.0.1:${port}`,
    holdSubscriptions() {
      holding = true;
    },
    cut() {
      refusing = true;
      for (const socket of sockets) socket.destroy();
      sockets.clear();
    },
    restore() {
      refusing = false;
    },
    hang() {
      hung = true;
    },
    resume() {
      hung = false;
      for (const { to, data } of stalled.splice(0)) if (!to.destroyed) to.write(data);
    },
    drop() {
      dropping = true;
    },
    async stop() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

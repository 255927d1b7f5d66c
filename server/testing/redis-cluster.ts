import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { freePort } from './process.js';

/** True when this machine has `redis-server` and `redis-cli` (a Redis Cluster can be made of them). */
export const hasRedisServer =
  spawnSync('redis-server', ['--version']).status === 0 && spawnSync('redis-cli', ['--version']).status === 0;

/** A Redis Cluster of this test's own: its nodes' ports, its BUS_URL, and how to stop it. */
export interface TestRedisCluster {
  ports: number[];
  /** redis+cluster://127.0.0.1:p1,127.0.0.1:p2,… */
  url: string;
  stop(): Promise<void>;
}

async function answers(port: number): Promise<boolean> {
  const client = new Redis(port, '127.0.0.1', {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

async function clusterOk(port: number): Promise<boolean> {
  const client = new Redis(port, '127.0.0.1', { maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', () => {});
  try {
    const info = (await client.call('CLUSTER', 'INFO')) as string;
    return info.includes('cluster_state:ok');
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts `nodes` masters from the installed redis-server on free ports (`--cluster-enabled yes`,
 * no persistence, in a temporary folder for their nodes.conf), joins them with
 * `redis-cli --cluster create … --cluster-replicas 0 --cluster-yes`, and waits for
 * `cluster_state:ok` on every node. Never the shared Redis of the other tests.
 */
export async function startRedisCluster(nodes = 3): Promise<TestRedisCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'wavelength-redis-cluster-'));
  const processes: ChildProcess[] = [];
  const ports: number[] = [];
  const stop = async () => {
    await Promise.all(
      processes.map(
        (proc) =>
          new Promise<void>((resolve) => {
            if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
            proc.once('exit', () => resolve());
            proc.kill('SIGKILL');
          }),
      ),
    );
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (let i = 0; i < nodes; i++) {
      // A cluster node also listens on its port + 10000 (the cluster bus): both must be free.
      let port = await freePort();
      while (port > 55_000) port = await freePort();
      ports.push(port);
      const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
      args.push('--cluster-enabled', 'yes', '--cluster-config-file', join(dir, `nodes-${port}.conf`));
      args.push('--cluster-node-timeout', '2000', '--dir', dir);
      processes.push(spawn('redis-server', args, { stdio: 'ignore' }));
    }
    for (const port of ports) {
      while (!(await answers(port))) await pause(50);
    }
    const created = spawnSync(
      'redis-cli',
      ['--cluster', 'create', ...ports.map((port) => `127.0.0.1:${port}`), '--cluster-replicas', '0', '--cluster-yes'],
      { encoding: 'utf8', timeout: 30_000 },
    );
    if (created.status !== 0) throw new Error(`redis-cli --cluster create failed: ${created.stdout}${created.stderr}`);
    for (const port of ports) {
      while (!(await clusterOk(port))) await pause(100);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { ports, url: `redis+cluster://${ports.map((port) => `127.0.0.1:${port}`).join(',')}`, stop };
}

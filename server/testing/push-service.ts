/**
 * A push service stand-in for tests: a loopback HTTPS server with its own certificate (made with
 * openssl; a server process trusts it through NODE_EXTRA_CA_CERTS), and browser-side
 * subscriptions whose keys can decrypt what it receives (RFC 8291, aes128gcm).
 */
import { execFileSync } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ece from 'http_ece';

export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** What the push service answers: 201 (delivered), 410 (gone), or nothing ever (hung). */
export type PushServiceMode = 'deliver' | 'gone' | 'hang';

export interface PushServiceStandIn {
  /** `127.0.0.1:port`, for PUSH_SERVICE_HOSTS. */
  host: string;
  /** The certificate to trust (NODE_EXTRA_CA_CERTS). */
  certificateFile: string;
  received: ReceivedPush[];
  /** Resolves once `count` pushes have arrived. */
  until(count: number): Promise<void>;
  setMode(mode: PushServiceMode): void;
  /** A browser's subscription on this service, with what it takes to read its pushes. */
  subscription(id: string): TestSubscription;
  close(): Promise<void>;
}

export interface TestSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** The plaintext of a push sent to this subscription. */
  decrypt(body: Buffer): string;
}

export async function startPushService(): Promise<PushServiceStandIn> {
  const dir = mkdtempSync(join(tmpdir(), 'wavelength-push-service-'));
  const keyFile = join(dir, 'key.pem');
  const certificateFile = join(dir, 'cert.pem');
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
    '-keyout', keyFile, '-out', certificateFile, '-days', '2', '-subj', '/CN=127.0.0.1',
    '-addext', 'subjectAltName=IP:127.0.0.1',
  ], { stdio: 'ignore' }); // biome-ignore format: one command, read as one

  let mode: PushServiceMode = 'deliver';
  const received: ReceivedPush[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const server: Server = createServer(
    { key: readFileSync(keyFile), cert: readFileSync(certificateFile) },
    (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
        for (const waiter of waiters.filter((w) => received.length >= w.count)) waiter.resolve();
        if (mode === 'hang') return;
        response.writeHead(mode === 'gone' ? 410 : 201).end();
      });
    },
  );
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;

  return {
    host: `127.0.0.1:${port}`,
    certificateFile,
    received,
    until: (count) =>
      new Promise((resolve) => {
        if (received.length >= count) resolve();
        else waiters.push({ count, resolve });
      }),
    setMode(next) {
      mode = next;
    },
    subscription(id) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      return {
        endpoint: `https://127.0.0.1:${port}/push/${id}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
        decrypt: (body) =>
          ece
            .decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth.toString('base64url') })
            .toString('utf8'),
      };
    },
    async close() {
      server.closeAllConnections();
      server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

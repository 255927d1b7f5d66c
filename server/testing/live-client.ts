import { WebSocket } from 'ws';
import type { LiveMessage } from '../../shared/live.js';

/** A real WebSocket client that queues what it receives, so tests can await messages in order. */
export class LiveClient {
  readonly messages: LiveMessage[] = [];
  private waiters: (() => void)[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      this.messages.push(JSON.parse(String(data)) as LiveMessage);
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.closed = new Promise((resolve) =>
      socket.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
    );
  }

  static open(url: string, options: ConstructorParameters<typeof WebSocket>[2] = {}): Promise<LiveClient> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, options);
      const client = new LiveClient(socket);
      socket.once('open', () => resolve(client));
      socket.once('unexpected-response', (_request, response) =>
        reject(Object.assign(new Error(`refused with ${response.statusCode}`), { statusCode: response.statusCode })),
      );
      socket.once('error', reject);
    });
  }

  /** Resolves with the nth message (0-based) once it has arrived. */
  async message(index: number): Promise<LiveMessage> {
    while (this.messages.length <= index) await new Promise<void>((resolve) => this.waiters.push(resolve));
    return this.messages[index];
  }

  close(): void {
    this.socket.close();
  }
}

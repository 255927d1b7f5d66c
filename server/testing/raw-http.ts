import { createHash } from 'node:crypto';
import net from 'node:net';

export interface RawAnswer {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: string;
}

/** Splits what a server wrote on a raw connection into status, headers and body. */
function parseRawAnswer(text: string): RawAnswer {
  const split = text.indexOf('\r\n\r\n');
  const head = split === -1 ? text : text.slice(0, split);
  const [statusLine, ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body: split === -1 ? '' : text.slice(split + 4) };
}

/** A raw TCP connection to the server, for requests no HTTP client would send. */
export class RawConnection {
  private received = '';
  /** Resolves with everything the server wrote, once it has closed the connection. */
  readonly closed: Promise<string>;
  readonly connected: Promise<void>;

  constructor(
    port: number,
    readonly socket = net.connect(port, '127.0.0.1'),
  ) {
    this.connected = new Promise((resolve) => socket.once('connect', () => resolve()));
    socket.on('data', (chunk) => {
      this.received += chunk.toString('latin1');
    });
    this.closed = new Promise((resolve) => {
      socket.on('close', () => resolve(this.received));
      // A reset also ends the exchange; what arrived before it still counts.
      socket.on('error', () => {});
    });
  }

  write(data: string | Buffer): void {
    this.socket.write(data);
  }

  /** The server's answer, once the connection has closed. */
  async answer(): Promise<RawAnswer> {
    return parseRawAnswer(await this.closed);
  }
}

/** Sends one request on a fresh connection and returns the answer once the server closes it. */
export async function rawRequest(port: number, request: string): Promise<RawAnswer> {
  const connection = new RawConnection(port);
  connection.write(request);
  return connection.answer();
}

/**
 * Opens a live socket by hand and then never reads from it again (a phone in a tunnel, or a
 * client that wants the server to buffer for it). Resolves once the upgrade is done.
 */
export async function openNonReadingSocket(port: number, path: string): Promise<net.Socket> {
  const key = Buffer.from('wavelength-tests').toString('base64');
  const socket = net.connect(port, '127.0.0.1');
  socket.write(
    `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n` +
      `Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: ${key}\r\n\r\n`,
  );
  const expectedAccept = createHash('sha1').update(`${key}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`).digest('base64');
  await new Promise<void>((resolve, reject) => {
    let head = '';
    const onData = (chunk: Buffer) => {
      head += chunk.toString('latin1');
      if (!head.includes('\r\n\r\n')) return;
      socket.off('data', onData);
      socket.pause();
      if (head.startsWith('HTTP/1.1 101') && head.includes(expectedAccept)) resolve();
      else reject(new Error(`upgrade refused: ${head.split('\r\n')[0]}`));
    };
    socket.on('data', onData);
    socket.once('error', reject);
  });
  return socket;
}

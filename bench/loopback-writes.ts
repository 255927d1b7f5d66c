/**
 * npx tsx bench/loopback-writes.ts [sockets=3000] [rounds=3]
 * What one live message costs the kernel: `sockets` loopback TCP connections, and one 120-byte
 * write to each, through net.Socket#write (what the fan-out does) and straight to the handle
 * (libuv's write without Node's stream machinery), with the process's user and system CPU. It
 * shows the floor under the fan-out's delivery time on this machine: the system time per socket
 * is the kernel's TCP send plus, on loopback, the receiving side's work, which a real network
 * card would take off this core.
 */
import net from 'node:net';

const sockets = Number(process.argv[2] ?? 3000);
const rounds = Number(process.argv[3] ?? 3);
const server = net.createServer({ noDelay: true });
const accepted: net.Socket[] = [];
server.on('connection', (socket) => accepted.push(socket));
await new Promise<void>((resolve) => server.listen({ port: 0, host: '127.0.0.1', backlog: 8192 }, resolve));
const { port } = server.address() as net.AddressInfo;
const clients: net.Socket[] = [];
for (let i = 0; i < sockets; i++) {
  const client = net.connect(port, '127.0.0.1');
  client.on('data', () => {});
  clients.push(client);
  if (i % 500 === 499) await new Promise((resolve) => setTimeout(resolve, 20));
}
while (accepted.length < sockets) await new Promise((resolve) => setTimeout(resolve, 20));

const message = Buffer.alloc(120, 'x');
type Handle = { writeBuffer(request: { oncomplete(): void }, data: Buffer): number };
const ways = {
  'net.Socket#write': (socket: net.Socket) => socket.write(message),
  'handle.writeBuffer': (socket: net.Socket) =>
    (socket as unknown as { _handle: Handle })._handle.writeBuffer({ oncomplete() {} }, message),
};
console.log(`One 120-byte write to each of ${sockets.toLocaleString('en-US')} loopback sockets (µs per socket)`);
for (let round = 1; round <= rounds; round++) {
  for (const [name, write] of Object.entries(ways)) {
    await new Promise((resolve) => setTimeout(resolve, 300));
    const cpu = process.cpuUsage();
    const start = performance.now();
    for (const socket of accepted) write(socket);
    const wall = performance.now() - start;
    const { user, system } = process.cpuUsage(cpu);
    const per = (µs: number) => (µs / sockets).toFixed(1);
    console.log(
      `  round ${round}  ${name.padEnd(19)} wall ${per(wall * 1000)}  user ${per(user)}  system ${per(system)}`,
    );
  }
}
for (const socket of [...clients, ...accepted]) socket.destroy();
server.close();

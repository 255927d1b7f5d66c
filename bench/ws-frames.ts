/**
 * The bench workers' WebSocket reading (bench/live-worker.ts, party-worker.ts, storm-worker.ts):
 * their sockets are plain TCP, so that a bench client costs as little as the server's floor. Hands
 * each whole frame in `buffer` to `onFrame` and returns what is left of an unfinished one.
 */
export function readFrames(buffer: Buffer, onFrame: (opcode: number, payload: Buffer) => void): Buffer {
  let rest = buffer;
  while (rest.length >= 2) {
    let length = rest[1] & 0x7f;
    let header = 2;
    if (length === 126) {
      if (rest.length < 4) break;
      length = rest.readUInt16BE(2);
      header = 4;
    } else if (length === 127) {
      if (rest.length < 10) break;
      length = Number(rest.readBigUInt64BE(2));
      header = 10;
    }
    if (rest.length < header + length) break;
    onFrame(rest[0] & 0x0f, rest.subarray(header, header + length));
    rest = rest.subarray(header + length);
  }
  return rest;
}

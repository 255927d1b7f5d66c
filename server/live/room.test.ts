import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import type { Player } from '../../shared/api.js';
import { InProcessEventBus } from '../events/bus.js';
import type { GameRepository } from '../games/repository.js';
import type { Watch } from './delivery.js';
import { SlicedFanOut } from './fan-out.js';
import { TextFrame } from './frame.js';
import { GameRoom } from './room.js';
import { serializeLive } from './send.js';

/** A socket as the room sees it: open, idle, its TCP writes recorded (one entry per write). */
function fakeSocket() {
  const writes: Buffer[] = [];
  const sent: string[] = [];
  const socket = {
    OPEN: 1,
    readyState: 1,
    bufferedAmount: 0,
    _socket: { write: (bytes: Buffer) => writes.push(bytes) > 0 },
    _sender: { _state: 0, _queue: [] },
    _extensions: {},
    send: (text: string) => sent.push(text),
    close: () => {},
    terminate: () => {},
  };
  return { socket: socket as unknown as WebSocket, writes, sent };
}

const player = (name: string): Player => ({ playerID: `id-${name}`, playerName: name, score: 5 });
const frameOf = (p: Player) => new TextFrame(serializeLive({ type: 'player', player: p })).bytes;

function openRoom() {
  const steps: (() => void)[] = [];
  const bus = new InProcessEventBus();
  const games = { gameExists: async () => true, listPlayers: async () => [] } as unknown as GameRepository;
  const fanOut = new SlicedFanOut<Watch>(500, (step) => steps.push(step));
  const room = new GameRoom('g', { games, bus, fanOut, maxBufferedBytes: 1 << 20 }, () => {});
  const turn = () => {
    for (const step of steps.splice(0)) step();
  };
  return { room, bus, turn };
}

describe('GameRoom fan-out', () => {
  it('writes the messages that piled up for a socket in one write, in order', async () => {
    const { room, bus, turn } = openRoom();
    const sockets = [fakeSocket(), fakeSocket()];
    for (const { socket } of sockets) await room.join(socket);
    expect(sockets.map((s) => s.sent)).toEqual([
      ['{"type":"snapshot","players":[],"playing":[]}'],
      ['{"type":"snapshot","players":[],"playing":[]}'],
    ]);
    const [a, b, c] = ['A', 'B', 'C'].map(player);
    for (const p of [a, b, c]) bus.publish('g', { type: 'player', player: p });
    turn();
    for (const { writes } of sockets) {
      expect(writes).toHaveLength(1);
      expect(writes[0]).toEqual(Buffer.concat([frameOf(a), frameOf(b), frameOf(c)]));
    }
  });

  it('never gives a socket a message that was published before it joined', async () => {
    const { room, bus, turn } = openRoom();
    const early = fakeSocket();
    await room.join(early.socket);
    bus.publish('g', { type: 'player', player: player('A') });
    const late = fakeSocket();
    await room.join(late.socket);
    bus.publish('g', { type: 'player', player: player('B') });
    turn();
    expect(early.writes).toEqual([frameOf(player('A')), frameOf(player('B'))]);
    // Its snapshot has A already (read after it was published).
    expect(late.writes).toEqual([frameOf(player('B'))]);
  });
});

describe('GameRoom presence', () => {
  const bo = { playerID: 'id-Bo', playerName: 'Bo', round: 1, rounds: 3 };

  it('sends playing like player (one frame for every socket), keeps it in the snapshot, and a score ends it', async () => {
    const { room, bus, turn } = openRoom();
    const early = fakeSocket();
    await room.join(early.socket);
    bus.publish('g', { type: 'playing', player: bo });
    bus.publish('g', { type: 'playing', player: { ...bo, round: 2 } });
    turn();
    const playingFrame = (round: number) =>
      new TextFrame(serializeLive({ type: 'playing', player: { ...bo, round } })).bytes;
    expect(early.writes).toEqual([Buffer.concat([playingFrame(1), playingFrame(2)])]);
    const late = fakeSocket();
    await room.join(late.socket);
    expect(late.sent).toEqual([JSON.stringify({ type: 'snapshot', players: [], playing: [{ ...bo, round: 2 }] })]);
    bus.publish('g', { type: 'player', player: { playerID: 'id-Bo', playerName: 'Bo', score: 5 } });
    // A late round of a friend who has finished is not sent.
    bus.publish('g', { type: 'playing', player: { ...bo, round: 3 } });
    turn();
    expect(late.writes).toEqual([frameOf({ playerID: 'id-Bo', playerName: 'Bo', score: 5 })]);
    const last = fakeSocket();
    await room.join(last.socket);
    expect(last.sent).toEqual([
      JSON.stringify({ type: 'snapshot', players: [{ playerID: 'id-Bo', playerName: 'Bo', score: 5 }], playing: [] }),
    ]);
  });
});

describe('GameRoom writes straight to TCP connections', () => {
  it('writes nothing more to a socket that is closing, and drops one a write leaves past the cap', async () => {
    const { room, bus, turn } = openRoom();
    const [closing, behind, fine] = [fakeSocket(), fakeSocket(), fakeSocket()];
    for (const { socket } of [closing, behind, fine]) await room.join(socket);
    const terminated: string[] = [];
    Object.assign(closing.socket, { readyState: 2 });
    // A reader that stopped reading: Node's write answers false past the high-water mark.
    const stuck = behind.socket as unknown as { _socket: { write: () => boolean }; bufferedAmount: number };
    stuck._socket.write = () => {
      stuck.bufferedAmount = (1 << 20) + 1;
      return false;
    };
    Object.assign(behind.socket, { terminate: () => terminated.push('behind') });
    Object.assign(fine.socket, { terminate: () => terminated.push('fine') });
    bus.publish('g', { type: 'player', player: player('A') });
    turn();
    expect(closing.writes).toEqual([]);
    expect(terminated).toEqual(['behind']);
    expect(fine.writes).toEqual([frameOf(player('A'))]);
  });
});

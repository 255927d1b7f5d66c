import type { FastifyPluginAsync } from 'fastify';
import type { WebSocket } from 'ws';
import { partyClientMessageSchema, partyIdSchema } from '../../shared/party.js';
import { errorBody } from '../errors.js';
import { PING_SLICES, SpreadPinger } from '../live/pinger.js';
import { originAllowed } from '../live/routes.js';
import { partyErrors } from './errors.js';
import type { Parties } from './parties.js';

interface PartyLiveOptions {
  parties: Parties;
  allowedOrigins: readonly string[];
  pingIntervalMs: number;
  /** Open party sockets one client address may hold (LIVE_SOCKETS_PER_ADDRESS); 0 means no limit. */
  maxSocketsPerAddress: number;
}

/**
 * The party's live channel `/prod/party-live/{partyId}`: the whole state on open, after `hello`
 * and on `sync`, at every phase change; `answered` and `presence` in between (room.ts).
 */
export const partyLiveRoutes: FastifyPluginAsync<PartyLiveOptions> = async (app, options) => {
  const { parties, allowedOrigins, pingIntervalMs, maxSocketsPerAddress } = options;
  // Party sockets open (or opening) per client address, counted as games' live sockets are.
  const socketsPerAddress = new Map<string, number>();
  function holdAddress(address: string, connection: { once(event: 'close', listener: () => void): unknown }) {
    socketsPerAddress.set(address, (socketsPerAddress.get(address) ?? 0) + 1);
    connection.once('close', () => {
      const left = (socketsPerAddress.get(address) ?? 1) - 1;
      if (left > 0) socketsPerAddress.set(address, left);
      else socketsPerAddress.delete(address);
    });
  }
  const pinger = new SpreadPinger<WebSocket>();
  const pings = setInterval(() => pinger.tick(), pingIntervalMs / PING_SLICES);
  pings.unref();
  app.addHook('onClose', async () => clearInterval(pings));

  app.get<{ Params: { partyId: string } }>(
    '/party-live/:partyId',
    {
      websocket: true,
      preValidation: async (request, reply) => {
        if (maxSocketsPerAddress > 0 && (socketsPerAddress.get(request.ip) ?? 0) >= maxSocketsPerAddress) {
          const message = 'Too many live connections from your address; close some and try again.';
          return reply.status(429).send(errorBody('too_many_live_connections', message));
        }
        if (!originAllowed(request, allowedOrigins)) {
          return reply.status(403).send(errorBody('origin_not_allowed', 'This origin may not open a live connection.'));
        }
        const { partyId } = request.params;
        if (!partyIdSchema.safeParse(partyId).success || !(await parties.room(partyId))) {
          throw partyErrors.unknownParty();
        }
        if (!request.ws) {
          return reply
            .status(426)
            .header('Upgrade', 'websocket')
            .send(
              errorBody(
                'upgrade_required',
                'This address is a live WebSocket channel; open it with a WebSocket upgrade.',
              ),
            );
        }
        const connection = request.raw.socket as typeof request.raw.socket | null;
        if (connection && !connection.destroyed) holdAddress(request.ip, connection);
      },
    },
    async (socket, request) => {
      const room = await parties.require(request.params.partyId);
      pinger.add(socket);
      socket.on('pong', () => pinger.pong(socket));
      const listener = await room.run(() => room.open(socket));
      socket.on('message', (data, isBinary) => {
        if (isBinary) return;
        let parsed: unknown;
        try {
          parsed = JSON.parse(String(data));
        } catch {
          return;
        }
        // Anything else a client sends is ignored: it changes nothing.
        const message = partyClientMessageSchema.safeParse(parsed);
        if (!message.success) return;
        const { data: said } = message;
        void room.run(() =>
          said.type === 'hello' ? room.hello(listener, said.userId, said.lang) : room.sync(listener),
        );
      });
      socket.on('close', () => {
        pinger.delete(socket);
        void room
          .run(async () => {
            await room.close(listener);
            parties.forgetIfIdle(room);
          })
          .catch((error) => app.log.warn({ err: error }, 'party socket close'));
      });
    },
  );
};

import type { FastifyPluginAsync } from 'fastify';
import { partyClientMessageSchema, partyIdSchema } from '../../shared/party.js';
import { LiveGate } from '../live/gate.js';
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
  const gate = new LiveGate(app, { allowedOrigins, maxSocketsPerAddress, pingIntervalMs });
  const { pinger } = gate;

  app.get<{ Params: { partyId: string } }>(
    '/party-live/:partyId',
    {
      websocket: true,
      preValidation: async (request, reply) => {
        const refused = gate.refuse(request, reply);
        if (refused) return refused;
        await gate.turn();
        const { partyId } = request.params;
        if (!partyIdSchema.safeParse(partyId).success || !(await parties.room(partyId))) {
          throw partyErrors.unknownParty();
        }
        return gate.admit(request, reply);
      },
    },
    async (socket, request) => {
      const room = await parties.require(request.params.partyId);
      pinger.add(socket);
      socket.on('pong', () => pinger.pong(socket));
      // Listened to at once: a hello sent right after the upgrade is not lost while the room is
      // busy (it runs after the opening, in the room's order).
      const opened = room.run(() => room.open(socket));
      // The party could not be read (the database is out of reach): the client reconnects later.
      opened.catch((error) => {
        app.log.warn({ err: error }, 'party socket open');
        socket.close(1011, 'Try again');
      });
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
        opened
          .then((listener) =>
            room.run(() =>
              said.type === 'hello' ? room.hello(listener, said.userId, said.lang) : room.sync(listener),
            ),
          )
          .catch((error) => app.log.warn({ err: error }, 'party socket message'));
      });
      // Paced (LiveGate.afterClose): a storm's thousands of closes do not all run in one turn.
      socket.on('close', () =>
        gate.afterClose(() => {
          pinger.delete(socket);
          void opened
            .then((listener) => room.run(() => room.close(listener)))
            // After the step that counts who left (queued by the close): an idle room goes once it has.
            .then(() => room.run(() => parties.forgetIfIdle(room)))
            .catch((error) => app.log.warn({ err: error }, 'party socket close'));
        }),
      );
    },
  );
};

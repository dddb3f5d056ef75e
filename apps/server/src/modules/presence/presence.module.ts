import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import type { Socket } from 'socket.io';
import {
  presenceTypingRequestSchema,
  presenceViewRequestSchema,
  socketEvents,
  type PresenceAck,
  type PresenceChange,
  type PresenceSnapshot,
  type PresenceTyping,
  type PresenceViewer,
} from '@leasing/contract';
import { socketLeadScope, socketPrincipal } from '../../lib/principal.js';
import { companyRoom, presenceRoom } from '../../lib/socket-rooms.js';
import { isCompanyLead } from './presence.repository.js';

/** What a socket announces; kept in `socket.data`, so `fetchSockets()` reads it on every process. */
type Viewing = { leadId: string };

const viewingOf = (socket: { data: unknown }): Viewing | null =>
  (socket.data as { viewing?: Viewing | null }).viewing ?? null;

/** A typing signal repeated faster than this is dropped (the client sends one every 2 s). */
const TYPING_MIN_INTERVAL_MS = 500;

const reply = (ack: unknown, answer: PresenceAck | PresenceSnapshot) => {
  if (typeof ack === 'function') (ack as (answer: unknown) => void)(answer);
};

/**
 * Presence: which staff console has which lead open, and who is typing. Nothing is stored: each
 * socket carries the lead it announced in `socket.data`, the server joins it to that lead's
 * presence room (after checking the lead is the socket's company's), and
 * - changes (opened, left, disconnected) go to the company's room as they happen;
 * - a console that connects asks for the company's viewers now: `fetchSockets()` over the
 *   company's room, which the Redis adapter answers from every process;
 * - typing signals go to the lead's presence room only; consoles let them expire.
 * A process that dies takes its sockets' presence with it: nothing stale is left behind.
 * Secure-access sockets take no part (they neither see nor show presence).
 */
export const presenceModule = fp(
  async (app: FastifyInstance) => {
    // A socket lives on one process: its budget is counted here, like the live requests'.
    const budget = new RateLimiterMemory({
      keyPrefix: 'socket-presence',
      points: app.config.socketRequestsPerMinute,
      duration: 60,
    });
    const withinBudget = (socket: Socket) =>
      budget.consume(socket.id).then(
        () => true,
        () => false,
      );

    const viewerOf = (socket: Socket, leadId: string): PresenceViewer => {
      const principal = socketPrincipal(socket);
      return { socketID: socket.id, leadID: leadId, userID: principal.id, name: principal.name };
    };

    const announce = (socket: Socket, leadId: string, state: PresenceChange['state']) => {
      const { companyId } = socketPrincipal(socket);
      const change: PresenceChange = { ...viewerOf(socket, leadId), state };
      app.io.to(companyRoom(companyId)).emit(socketEvents.presence(companyId), change);
    };

    const leave = async (socket: Socket) => {
      const viewing = viewingOf(socket);
      if (!viewing) return;
      socket.data.viewing = null;
      await socket.leave(presenceRoom(viewing.leadId));
      announce(socket, viewing.leadId, 'left');
    };

    app.io.on('connection', (socket) => {
      if (socketLeadScope(socket)) return;
      let lastTyping = 0;
      // One view change at a time per socket: a quick A → B never leaves it in both rooms.
      let views = Promise.resolve();

      const view = async (payload: unknown, ack?: unknown) => {
        if (!(await withinBudget(socket)))
          return reply(ack, { ok: false, error: 'Too many requests.' });
        const parsed = presenceViewRequestSchema.safeParse(payload);
        if (!parsed.success) return reply(ack, { ok: false, error: 'Send { leadID }.' });
        const leadId = parsed.data.leadID;
        if (viewingOf(socket)?.leadId === leadId) return reply(ack, { ok: true });
        const { companyId } = socketPrincipal(socket);
        // Another company's lead is answered like an unknown one, and announces nothing.
        if (leadId && !(await isCompanyLead(app.database.db, companyId, leadId))) {
          return reply(ack, { ok: false, error: 'Lead not found.' });
        }
        await leave(socket);
        if (leadId && socket.connected) {
          socket.data.viewing = { leadId } satisfies Viewing;
          await socket.join(presenceRoom(leadId));
          announce(socket, leadId, 'joined');
        }
        reply(ack, { ok: true });
      };
      socket.on(socketEvents.presenceView, (payload: unknown, ack?: unknown) => {
        views = views.then(() => view(payload, ack)).catch(() => undefined);
      });

      socket.on(socketEvents.presenceTyping, (payload: unknown) => {
        const parsed = presenceTypingRequestSchema.safeParse(payload);
        // Only about the lead the socket has open: that is the check its company passed.
        if (!parsed.success || viewingOf(socket)?.leadId !== parsed.data.leadID) return;
        const now = Date.now();
        if (parsed.data.typing && now - lastTyping < TYPING_MIN_INTERVAL_MS) return;
        lastTyping = parsed.data.typing ? now : 0;
        const { companyId } = socketPrincipal(socket);
        const signal: PresenceTyping = {
          ...viewerOf(socket, parsed.data.leadID),
          typing: parsed.data.typing,
        };
        socket
          .to(presenceRoom(parsed.data.leadID))
          .emit(socketEvents.presenceTypingOf(companyId), signal);
      });

      socket.on(socketEvents.presenceSync, async (_payload: unknown, ack?: unknown) => {
        if (!(await withinBudget(socket))) return;
        const { companyId } = socketPrincipal(socket);
        const sockets = await app.io
          .in(companyRoom(companyId))
          .fetchSockets()
          .catch(() => []);
        const viewers = sockets.flatMap((other) => {
          const viewing = viewingOf(other);
          const principal = (other.data as { principal?: { id: string; name: string } }).principal;
          return viewing && principal
            ? [
                {
                  socketID: other.id,
                  leadID: viewing.leadId,
                  userID: principal.id,
                  name: principal.name,
                },
              ]
            : [];
        });
        reply(ack, { viewers });
      });

      // The socket has left its rooms by now; the company hears that its lead is no longer open.
      socket.on('disconnect', () => {
        const viewing = viewingOf(socket);
        if (viewing) announce(socket, viewing.leadId, 'left');
      });
    });
  },
  { name: 'presence', dependencies: ['socket', 'database'] },
);

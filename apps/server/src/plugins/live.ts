import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { getNewConversationRequestSchema, socketEvents } from '@leasing/contract';
import { createEventDeliveryLoader } from '../modules/live/event-delivery.js';
import { createLivePublisher, type LivePublisher } from '../modules/live/live-publisher.js';
import { socketPrincipal } from './socket.js';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation
  interface FastifyInstance {
    /** Live updates to open consoles (spec §7). */
    live: LivePublisher;
  }
}

/**
 * The spec's live protocol: an announcement with the event id to the company's room, the client
 * asks for it, and the server answers that socket with the event, after checking the event belongs
 * to the asker's company. Sending-status changes travel the same way.
 */
export const livePlugin = fp(
  async (app: FastifyInstance) => {
    const live = createLivePublisher(app.io);
    app.decorate('live', live);
    app.messaging.statusListeners.add((event) => live.eventChanged(event));

    const deliveries = createEventDeliveryLoader(app.database.db);
    app.io.on('connection', (socket) => {
      socket.on(socketEvents.getNewConversation, async (payload: unknown) => {
        const parsed = getNewConversationRequestSchema.safeParse(payload);
        const principal = socketPrincipal(socket);
        // A request naming another user is ignored: answers go only to the socket's own user.
        if (!parsed.success || parsed.data.userID !== principal.id) return;
        const delivery = await deliveries.load(parsed.data.eventID, principal.companyId);
        if (delivery) socket.emit(socketEvents.newConversationForUser(principal.id), delivery);
      });
    });
  },
  { name: 'live', dependencies: ['socket', 'messaging', 'database'] },
);

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import {
  getNewConversationRequestSchema,
  socketEvents,
  type NewConversationDelivery,
} from '@leasing/contract';
import { timelineEventIdOf } from '../../events/domain-events.js';
import { socketLeadScope, socketPrincipal } from '../../lib/principal.js';
import { createEventDeliveryLoader } from './event-delivery.js';
import { createLivePublisher } from './live-publisher.js';
import { findConversationEvent } from './live.repository.js';

/**
 * The spec's live protocol: an announcement with the event id to the company's room, the client
 * asks for it, and the server answers that socket with the event, after checking the event belongs
 * to the asker's company. Every committed domain event that names a timeline event is announced
 * (new messages, sending statuses, payments…); a translation sends the translated text. Nothing
 * else calls the publisher: services record events, this module listens.
 */
export const liveModule = fp(
  async (app: FastifyInstance) => {
    const live = createLivePublisher(app.io);
    // Each broadcast is counted in the company's live sequence before it is sent.
    const { liveSequence } = app;
    app.events.subscribe('*', 'live', async (event) => {
      if (event.type === 'message.translated') {
        const row = await findConversationEvent(app.database.db, event.timelineEventId);
        if (row?.data.translation?.body) {
          await liveSequence.advance(row.companyId);
          live.translationReady(row);
        }
        return;
      }
      if (event.type === 'follow_up.changed' || event.type === 'follow_up.due') {
        await liveSequence.advance(event.companyId);
        live.leadChanged(event);
        return;
      }
      // A new source puts nothing on the timeline: the consoles reload the lead.
      if (event.type === 'lead.updated' && event.changes.includes('source')) {
        await liveSequence.advance(event.companyId);
        live.leadChanged(event);
        return;
      }
      const id = timelineEventIdOf(event);
      if (id && 'leadId' in event && event.companyId) {
        await liveSequence.advance(event.companyId);
        live.eventChanged({ id, companyId: event.companyId, leadId: event.leadId });
      }
    });

    const deliveries = createEventDeliveryLoader(app.database.db);
    // Answers to one event for one user's sockets go out as one packet, encoded once (`local`:
    // these sockets are on this process; nothing needs to cross the adapter).
    let answers = new Map<NewConversationDelivery, Map<string, string[]>>();
    const flushAnswers = () => {
      const batch = answers;
      answers = new Map();
      for (const [delivery, byUser] of batch) {
        for (const [userId, socketIds] of byUser) {
          app.io.local.to(socketIds).emit(socketEvents.newConversationForUser(userId), delivery);
        }
      }
    };
    const answer = (delivery: NewConversationDelivery, userId: string, socketId: string) => {
      if (answers.size === 0) setImmediate(flushAnswers);
      const byUser = answers.get(delivery) ?? new Map<string, string[]>();
      byUser.set(userId, [...(byUser.get(userId) ?? []), socketId]);
      answers.set(delivery, byUser);
    };

    // A socket lives on one process: its budget is counted here. Past it, requests go unanswered
    // (the console catches up on its next page load), so one tab cannot keep the server busy.
    const requests = new RateLimiterMemory({
      keyPrefix: 'socket-requests',
      points: app.config.socketRequestsPerMinute,
      duration: 60,
    });
    app.io.on('connection', (socket) => {
      socket.on(socketEvents.getNewConversation, async (payload: unknown) => {
        if (
          !(await requests.consume(socket.id).then(
            () => true,
            () => false,
          ))
        )
          return;
        const parsed = getNewConversationRequestSchema.safeParse(payload);
        const principal = socketPrincipal(socket);
        // A request naming another user is ignored: answers go only to the socket's own user.
        if (!parsed.success || parsed.data.userID !== principal.id) return;
        const delivery = await deliveries.load(parsed.data.eventID, principal.companyId);
        if (!delivery) return;
        // A secure-access socket is answered only about its own lead.
        const leadScope = socketLeadScope(socket);
        if (leadScope && delivery.lead._id !== leadScope) return;
        answer(delivery, principal.id, socket.id);
      });
    });
  },
  { name: 'live', dependencies: ['socket', 'live-sequence', 'events', 'database'] },
);

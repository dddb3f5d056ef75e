import type { Server } from 'socket.io';
import {
  socketEvents,
  type LeadChanged,
  type NewConversationAnnouncement,
  type NewMessageTranslation,
} from '@leasing/contract';
import type { ConversationEventRow } from '../../db/schema/index.js';
import { companyRoom, leadRoom } from '../../lib/socket-rooms.js';

export type EventRef = Pick<ConversationEventRow, 'id' | 'companyId' | 'leadId'>;

export type LivePublisher = {
  /**
   * Tells every console of the event's company that it was created or changed (a new message, a
   * new sending status). Call after the change is committed; consoles then ask for the event.
   */
  eventChanged: (event: EventRef) => void;
  /** Sends a message's English translation to every console of its company. */
  translationReady: (event: ConversationEventRow) => void;
  /** Tells the company's consoles a lead changed without a timeline event (follow-up, source). */
  leadChanged: (lead: { companyId: string; leadId: string }) => void;
};

/**
 * Broadcasts through the Socket.IO adapter: with Redis, consoles on every process hear it. Each
 * announcement goes to the company's room and to the lead's room (secure-access links).
 */
export const createLivePublisher = (io: Server): LivePublisher => ({
  eventChanged: (event) => {
    const announcement: NewConversationAnnouncement = { eventID: event.id, leadID: event.leadId };
    // One emit to both rooms: a socket in both hears it once; secure-access sockets sit in the lead's.
    io.to(companyRoom(event.companyId))
      .to(leadRoom(event.leadId))
      .emit(socketEvents.newConversation(event.companyId), announcement);
  },
  leadChanged: ({ companyId, leadId }) => {
    const payload: LeadChanged = { leadID: leadId };
    io.to(companyRoom(companyId)).emit(socketEvents.leadChanged(companyId), payload);
  },
  translationReady: (event) => {
    const body = event.data.translation?.body;
    if (!body) return;
    const payload: NewMessageTranslation = {
      individualID: event.leadId,
      messageID: event.id,
      translationData: { body },
    };
    io.to(companyRoom(event.companyId))
      .to(leadRoom(event.leadId))
      .emit(socketEvents.newMessageTranslation(event.companyId), payload);
  },
});

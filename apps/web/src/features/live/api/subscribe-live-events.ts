import {
  newConversationAnnouncementSchema,
  newConversationDeliverySchema,
  newMessageTranslationSchema,
  socketEvents,
} from '@leasing/contract';
import type {
  GetNewConversationRequest,
  NewConversationDelivery,
  NewMessageTranslation,
} from '@leasing/contract';
import type { ZodType } from 'zod';
import type { LiveSocket } from '../../../lib/socket';

/** Whose events: the ids are part of the event names, so a console hears only its own. */
export type LiveSubscriber = { userID: string; companyID: string };

export type LiveEventHandlers = {
  /** An event of the company was created or changed: it as it is now, and its lead. */
  onDelivery: (delivery: NewConversationDelivery) => void;
  /** A message's English translation is ready. */
  onTranslation: (translation: NewMessageTranslation) => void;
};

/** Payloads come from another program: what does not match the contract is dropped, loudly. */
function parsed<T>(schema: ZodType<T>, event: string, payload: unknown): T | null {
  const result = schema.safeParse(payload);
  if (result.success) return result.data;
  console.warn(`Ignored a '${event}' payload that does not match the contract`, result.error);
  return null;
}

/**
 * The spec's §7 exchange on the session's socket: the company's room hears that an event was
 * created or changed (a new message, a new sending status), this console asks for it, and the
 * server answers this user with the event and its lead. Returns the unsubscribe function.
 */
export function subscribeToLiveEvents(
  socket: LiveSocket,
  { userID, companyID }: LiveSubscriber,
  { onDelivery, onTranslation }: LiveEventHandlers,
): () => void {
  const announcementEvent = socketEvents.newConversation(companyID);
  const deliveryEvent = socketEvents.newConversationForUser(userID);
  const translationEvent = socketEvents.newMessageTranslation(companyID);

  function handleAnnouncement(payload: unknown) {
    const announcement = parsed(newConversationAnnouncementSchema, announcementEvent, payload);
    if (!announcement) return;
    const request: GetNewConversationRequest = {
      eventID: announcement.eventID,
      userID,
      time: Date.now(),
    };
    socket.emit(socketEvents.getNewConversation, request);
  }

  function handleDelivery(payload: unknown) {
    const delivery = parsed(newConversationDeliverySchema, deliveryEvent, payload);
    if (delivery) onDelivery(delivery);
  }

  function handleTranslation(payload: unknown) {
    const translation = parsed(newMessageTranslationSchema, translationEvent, payload);
    if (translation) onTranslation(translation);
  }

  socket.on(announcementEvent, handleAnnouncement);
  socket.on(deliveryEvent, handleDelivery);
  socket.on(translationEvent, handleTranslation);
  return () => {
    socket.off(announcementEvent, handleAnnouncement);
    socket.off(deliveryEvent, handleDelivery);
    socket.off(translationEvent, handleTranslation);
  };
}

import { z } from 'zod';
import { conversationEventSchema } from './conversation.js';
import { leadSummarySchema } from './leads.js';

/**
 * Socket.IO event names of the spec's §7. The company and user ids are part of the name
 * (`leasing-new-conversation` followed directly by the id), so a listener only hears its own.
 */
export const socketEvents = {
  /** Server → company room: an event was created or changed; carries its id. */
  newConversation: (companyID: string) => `leasing-new-conversation${companyID}`,
  /** Client → server: send me the event just announced. */
  getNewConversation: 'leasing-get-new-conversation',
  /** Server → the asking user's socket: the events. */
  newConversationForUser: (userID: string) => `leasing-new-conversation${userID}`,
  /** Server → company room: an English translation of a message is ready. */
  newMessageTranslation: (companyID: string) => `new-message-translation${companyID}`,
  /**
   * Server → company room: a lead changed without a timeline event (its follow-up was set, cleared
   * or came due); carries `{ leadID }`. Consoles refetch that lead and the inbox.
   */
  leadChanged: (companyID: string) => `leasing-lead-changed${companyID}`,
  /** Client → server, with an acknowledgement: the refreshed ID token, so the socket stays open. */
  reauthenticate: 'leasing-reauthenticate',
  /** Server → socket, just before it is closed: `{ code, message }` (see socketErrorCodes). */
  socketError: 'leasing-socket-error',
} as const;

/** Why the server refuses or closes a socket; sent as the `connect_error` message. */
export const socketErrorCodes = {
  /** No token, a bad one, or an expired one: refresh the token and connect again. */
  unauthorized: 'UNAUTHORIZED',
  /** The socket's token ran out and no refreshed one came. */
  tokenExpired: 'TOKEN_EXPIRED',
} as const;

export const newConversationAnnouncementSchema = z.object({
  eventID: z.string(),
  leadID: z.string(),
});
export type NewConversationAnnouncement = z.infer<typeof newConversationAnnouncementSchema>;

export const leadChangedSchema = z.object({ leadID: z.string() });
export type LeadChanged = z.infer<typeof leadChangedSchema>;

export const getNewConversationRequestSchema = z.object({
  eventID: z.uuid(),
  userID: z.uuid(),
  /** When the client heard the announcement (ms since the epoch); for measuring the lag. */
  time: z.number().int().nonnegative(),
});
export type GetNewConversationRequest = z.infer<typeof getNewConversationRequestSchema>;

export const newConversationDeliverySchema = z.object({
  /** The announced event as it is now (new, or with a changed sending status). */
  events: z.array(conversationEventSchema),
  /** The lead as it is now: opt statuses and last activity change with its events. */
  lead: leadSummarySchema,
});
export type NewConversationDelivery = z.infer<typeof newConversationDeliverySchema>;

export const translationDataSchema = z.object({
  body: z.object({ textInEnglish: z.string(), hash: z.string().optional() }),
});

export const newMessageTranslationSchema = z.object({
  /** The lead. */
  individualID: z.string(),
  /** The event translated. */
  messageID: z.string(),
  translationData: translationDataSchema,
});
export type NewMessageTranslation = z.infer<typeof newMessageTranslationSchema>;

export const reauthenticateRequestSchema = z.object({ token: z.string().min(1) });
export const reauthenticateAckSchema = z.union([
  z.object({ ok: z.literal(true) }),
  z.object({ ok: z.literal(false), error: z.string() }),
]);
export type ReauthenticateAck = z.infer<typeof reauthenticateAckSchema>;

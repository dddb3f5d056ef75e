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
  /** Server → the recipient's sockets: a notification of theirs was created (a `Notification`). */
  notification: (userID: string) => `leasing-notification${userID}`,
  /** Server → socket, just before it is closed: `{ code, message }` (see socketErrorCodes). */
  socketError: 'leasing-socket-error',
  /** Client → server, with an acknowledgement: the lead this console has open now, or null. */
  presenceView: 'leasing-presence-view',
  /** Client → server: the user is writing on the lead they have open (throttled), or stopped. */
  presenceTyping: 'leasing-presence-typing',
  /** Client → server, with an acknowledgement: who in my company has which lead open now. */
  presenceSync: 'leasing-presence-sync',
  /** Server → company room: one console opened or left a lead. */
  presence: (companyID: string) => `leasing-presence${companyID}`,
  /** Server → the consoles on that lead: a colleague is typing (or stopped). */
  presenceTypingOf: (companyID: string) => `leasing-presence-typing${companyID}`,
  /**
   * Server → a socket, once it has joined its rooms: the company's live sequence then
   * (`{ sequence }`, see LIVE_SEQUENCE_HEADER).
   */
  liveSequence: 'leasing-live-sequence',
} as const;

/**
 * The response header of every signed-in read: the company's live sequence when the read began, a
 * number that grows with every live message to the company's consoles (`unknown` when the server
 * could not read it). Answers read at the number the socket connected at miss nothing.
 */
export const LIVE_SEQUENCE_HEADER = 'x-live-sequence';

export const liveSequenceSchema = z.object({ sequence: z.number().int().nullable() });
export type LiveSequenceMessage = z.infer<typeof liveSequenceSchema>;

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

/** One console (socket) of a colleague with a lead open. */
export const presenceViewerSchema = z.object({
  socketID: z.string(),
  leadID: z.string(),
  userID: z.string(),
  name: z.string(),
});
export type PresenceViewer = z.infer<typeof presenceViewerSchema>;

export const presenceViewRequestSchema = z.object({ leadID: z.uuid().nullable() });
export type PresenceViewRequest = z.infer<typeof presenceViewRequestSchema>;
export const presenceAckSchema = z.union([
  z.object({ ok: z.literal(true) }),
  z.object({ ok: z.literal(false), error: z.string() }),
]);
export type PresenceAck = z.infer<typeof presenceAckSchema>;

export const presenceTypingRequestSchema = z.object({ leadID: z.uuid(), typing: z.boolean() });
export type PresenceTypingRequest = z.infer<typeof presenceTypingRequestSchema>;

/** A console opened a lead (`joined`) or left it (closed, moved on, disconnected). */
export const presenceChangeSchema = presenceViewerSchema.extend({
  state: z.enum(['joined', 'left']),
});
export type PresenceChange = z.infer<typeof presenceChangeSchema>;

export const presenceTypingSchema = presenceViewerSchema.extend({ typing: z.boolean() });
export type PresenceTyping = z.infer<typeof presenceTypingSchema>;

export const presenceSnapshotSchema = z.object({ viewers: z.array(presenceViewerSchema) });
export type PresenceSnapshot = z.infer<typeof presenceSnapshotSchema>;

/** A typing signal is repeated this often while the composer has text and focus… */
export const TYPING_SIGNAL_INTERVAL_MS = 2_000;
/** …and a colleague's "is typing…" goes away this long after the last one. */
export const TYPING_EXPIRY_MS = 5_000;

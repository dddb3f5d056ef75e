export {
  findTimelineEventFacts,
  listConversationEventRows,
} from './conversation-events.repository.js';
export {
  getConversationWindow,
  listConversationEvents,
  listNewerConversationEvents,
  searchConversation,
  toConversationEventDto,
} from './conversations.service.js';
export {
  cancelScheduledBeforeReply,
  cancelScheduledMadeFor,
  cancelScheduledMessagesOfSender,
  handBackUnsentMessage,
  linkMessageRetry,
  markMessageInProgress,
  recordMessageAccepted,
  recordMessageFailed,
  recordProviderStatusIfUnchanged,
  releaseScheduledMessage,
  updateScheduledMessage,
} from './message-delivery.repository.js';
export {
  appendTimelineEvent,
  appendTimelineEventOnce,
  appendTimelineEvents,
  confirmHeldEmailSender,
  dateEventByClock,
  decideOptOutReview,
  findHeldEmail,
  replaceEventData,
  setEventFiles,
} from './timeline.repository.js';
export { createTranslationRequests, translationModule } from './translation.module.js';
export type { TranslationRequests } from './translation.module.js';

// What other modules may use of messaging: where media is stored, the send queue's name, how
// a sent message is marked failed (a bounce arrives through inbound email), and how files sent
// with a message are read from a multipart request.
export type { MediaStorage } from './media.storage.js';
export { markFailed as markMessageFailed } from './message-status.repository.js';
export { SEND_QUEUE } from './send-queue.js';
export { messageStatusChanged } from './message-events.js';
export { readMultipartSend } from './multipart-send.js';

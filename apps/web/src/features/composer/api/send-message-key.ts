/**
 * First part of every send mutation's key. The pane's 'Processing...' overlay leaves these out:
 * sending shows on the Send button instead.
 */
export const SEND_MESSAGE_MUTATION_KEY = 'send-message';

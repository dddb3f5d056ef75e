export * from './auth.js';
export * from './companies.js';
export * from './conversation-events.js';
export * from './leads.js';
export * from './notes.js';
export * from './properties.js';
export * from './messaging.js';
export * from './inbound.js';

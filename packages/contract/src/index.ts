export * from './auth.js';
export * from './common.js';
export * from './company.js';
export * from './config.js';
export * from './conversation.js';
export * from './leads.js';
export * from './notes.js';
export * from './paths.js';

export { inboxModule } from './inbox.module.js';

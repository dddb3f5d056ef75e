export { inboxModule } from './inbox.module.js';
export { inboxItemsOfLeads } from './inbox.service.js';

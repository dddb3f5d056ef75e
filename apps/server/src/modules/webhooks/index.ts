export { webhooksModule } from './webhooks.module.js';

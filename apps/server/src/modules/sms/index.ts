export { createSmsProvider } from './create-sms-provider.js';
export { smsModule } from './sms.module.js';

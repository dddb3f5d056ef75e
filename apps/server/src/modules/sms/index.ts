export { inboundSmsModule } from './inbound-sms.module.js';

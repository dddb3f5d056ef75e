export { createSmsProvider } from './create-sms-provider.js';
export { smsModule } from './sms.module.js';
export { routeInboundSms } from './inbound-sms.routing.js';
export type { InboundRoute, RoutingInput } from './inbound-sms.routing.js';

export { createPaymentsDeps, paymentsModule } from './payments.module.js';
export { templatePaymentLink } from './payments.service.js';
export type { PaymentsDeps } from './payments.service.js';

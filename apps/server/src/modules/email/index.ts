export { inboundEmailModule } from './inbound-email.module.js';
export { createEmailTransport } from './smtp-transport.js';
export { selfSignedCertificate } from './smtp-tls.js';

export { inboundEmailModule } from './inbound-email.module.js';
export { selfSignedCertificate } from './smtp-tls.js';

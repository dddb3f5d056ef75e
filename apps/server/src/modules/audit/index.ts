export { auditModule } from './audit.module.js';
export { listAudit } from './audit.service.js';

export { createLeadAccessLink } from './access-links.service.js';
export type { AccessLinkDeps } from './access-links.service.js';
export { createLeadAccessResolver, leadScopeAllows } from './lead-scope.js';
export type { LeadAccessSession } from './lead-scope.js';
export { secureAccessModule } from './secure-access.module.js';

export { apiKeysModule } from './api-keys.module.js';
export { createApiKey, resolveApiKey } from './api-keys.service.js';
export type { ApiKeyPrincipal } from './api-keys.service.js';

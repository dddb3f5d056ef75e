export { integrationsModule } from './integrations.module.js';

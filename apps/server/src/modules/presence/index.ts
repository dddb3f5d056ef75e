export { presenceModule } from './presence.module.js';

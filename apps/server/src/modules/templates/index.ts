export { templatesModule } from './templates.module.js';

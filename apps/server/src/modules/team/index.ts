export { teamModule } from './team.module.js';

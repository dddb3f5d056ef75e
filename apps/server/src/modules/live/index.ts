export { liveModule } from './live.module.js';

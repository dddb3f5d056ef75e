export { voiceModule } from './voice.module.js';

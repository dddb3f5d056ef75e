export { insertUnmatchedMessage, setUnmatchedFiles } from './unmatched.repository.js';
export { unmatchedModule } from './unmatched.module.js';

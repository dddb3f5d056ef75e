// Other modules look users up through here, never through the repository.
export { findUserByEmail, findUserById } from './users.repository.js';

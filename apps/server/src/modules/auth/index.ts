export { authModule } from './auth.module.js';
export { createAuthService } from './auth.service.js';
export { revokeUserRefreshTokens } from './refresh-tokens.repository.js';
export type { AuthService } from './auth.service.js';
export { beginSession } from './sessions.service.js';
export { createTokenService, isLeadAccessToken } from './token.service.js';
export type { TokenService } from './token.service.js';
export {
  findUserByEmail,
  findUserById,
  findActiveStaffPhones,
  findStaffNameByPhone,
  findUserPhone,
  insertStaffUser,
  setUserDeactivated,
  setUserRole,
} from './users.repository.js';

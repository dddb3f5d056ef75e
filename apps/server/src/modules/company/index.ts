export {
  findCompanyById,
  insertCompany,
  setFirstReplyTarget,
  setQuietHoursPolicy,
} from './companies.repository.js';
export { configModule } from './config.module.js';
export { propertiesModule } from './properties.module.js';
export {
  clearA2pUnregistered,
  findPropertyById,
  flagA2pUnregistered,
  setPropertyOfficeHours,
  upsertPropertyByPmsId,
} from './properties.repository.js';
export { findCompanyProperty, getCompanyProperty } from './properties.service.js';

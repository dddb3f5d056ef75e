export { presenceModule } from './presence.module.js';
export { onlineStaffIds } from './online-staff.js';

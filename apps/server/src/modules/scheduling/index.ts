export { businessMinutesBetween } from './business-time.js';
export { officeHoursModule } from './office-hours.module.js';
export {
  loadCompanyOfficeRules,
  loadLeadOfficeRules,
  officeRulesOf,
  SPEED_TO_LEAD_QUEUE,
  speedToLeadBreachDue,
  speedToLeadOf,
} from './office-hours.service.js';
export type { OfficeRules, SpeedToLeadJob } from './office-hours.service.js';
export { quietHoursModule } from './quiet-hours.module.js';
export {
  checkStaffSmsWindow,
  leadTimeZoneOf,
  quietHoursOverridden,
} from './quiet-hours.service.js';
export type { QuietHoursOverride } from './quiet-hours.service.js';
export { alwaysAllowed, createSendWindow } from './send-window.js';
export type { SendWindow } from './send-window.js';

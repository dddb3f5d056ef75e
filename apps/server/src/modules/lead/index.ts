export { readConsent } from './classify-opt-out.js';
export { consentModule } from './consent.module.js';
export {
  canTextLead,
  isOptedOutAddress,
  leadConsentOf,
  optOutByCarrier,
  optOutUnmatchedNumber,
  recordConsentChange,
  recordConsentEvent,
  unsubscribeUrlOf,
} from './consent.service.js';
export { draftsModule } from './drafts.module.js';
export { clearSentDraft } from './drafts.service.js';
export { followUpsModule } from './follow-ups.module.js';
export { lightsOf } from './follow-ups.service.js';
export { leadsModule } from './leads.module.js';
export {
  advanceLeadActivity,
  bumpLeadActivity,
  freePmsLeadId,
  insertLead,
  markLeadUndeliverable,
  setLeadTourDate,
  setPhoneOptOut,
  updateLeadFromIntegration,
  upsertLeadByPmsId,
} from './lead-writes.repository.js';
export { leadDetailsModule } from './lead-details.module.js';
export { leadStatusModule } from './lead-status.module.js';
export { leadSourcesModule } from './lead-sources.module.js';
export { leadSourceNames, leadSourceRefOf, sourceNamed } from './lead-sources.service.js';
export { getCompanyLead, getLead, leadOwnerOf, listLeads, toLeadSummary } from './leads.service.js';
export { notesModule } from './notes.module.js';
export { officeDecisionModule } from './office-decision.module.js';
export { ownersModule } from './owners.module.js';
export { applyOwner, autoAssignNewLead, resolveIntegrationOwner } from './owners.service.js';
export type { SmsKeyword } from './sms-keywords.js';
export { checkSpeedToLeadBreach } from './speed-to-lead.service.js';
export { setLeadStatusFromIntegration } from './lead-status.service.js';
export { lockLead } from './lead-status.repository.js';

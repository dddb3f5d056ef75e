export { buildMissingReportFacts, reportsModule } from './reports.module.js';
export { followUpReport, funnelReport, reportLeads, speedToLeadReport } from './reports.service.js';
export type { ReportsDeps, ReportViewer } from './reports.service.js';
export { leadsCsv, ownersCsv, sendReportCsv } from './reports-export.js';
export { rebuildLeadFacts } from './report-facts.repository.js';
export { completeOfficeMinutes } from './report-facts.js';
export { sendWeeklyDigests } from './report-digest.js';

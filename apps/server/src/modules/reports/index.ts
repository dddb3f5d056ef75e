export { buildMissingReportFacts, reportsModule } from './reports.module.js';
export { followUpReport, funnelReport, reportLeads, speedToLeadReport } from './reports.service.js';
export type { ReportsDeps, ReportViewer } from './reports.service.js';
export { leadsCsv, ownersCsv } from './reports-export.js';
export { exportFileName } from './reports.routes.js';
export { rebuildLeadFacts } from './report-facts.repository.js';
export { completeOfficeMinutes } from './report-facts.js';
export { sendWeeklyDigests, digestText } from './report-digest.js';

import type { FastifyPluginAsync } from 'fastify';
import type { Clock } from '../../lib/clock.js';
import {
  completeOfficeMinutes,
  recordStatusFacts,
  recordTimelineEventFacts,
  recountPropertyOfficeMinutes,
} from './report-facts.js';
import { hasAnyFacts, hasAnyLeads, rebuildLeadFacts } from './report-facts.repository.js';
import { reportsRoutes } from './reports.routes.js';

export type ReportsModuleOptions = { now: Clock };

/** Any number arbitrarily fixed: one process at a time builds the facts of existing leads. */
const REBUILD_LOCK_ID = 727_026;

/**
 * Reports: the facts they count, kept inside each change's transaction, and the report routes.
 * A database that has leads but no facts yet (one upgraded to this version, or a demo just
 * seeded) gets them built from the timeline once, at start.
 */
export const reportsModule: FastifyPluginAsync<ReportsModuleOptions> = async (app, { now }) => {
  const { events } = app;
  events.subscribeInTransaction(
    ['message.created', 'message.released', 'message.received', 'timeline.event_added'],
    'report-facts',
    (event, { db }) => recordTimelineEventFacts(db, event.timelineEventId),
  );
  events.subscribeInTransaction('lead.status_changed', 'report-facts', (event, { db }) =>
    recordStatusFacts(db, event),
  );
  events.subscribeInTransaction('office_hours.changed', 'report-facts', (event, { db }) =>
    recountPropertyOfficeMinutes(db, event.companyId, event.propertyId),
  );

  await app.database.db.transaction(async (db) => {
    await db.execute(`select pg_advisory_xact_lock(${REBUILD_LOCK_ID})`);
    if ((await hasAnyFacts(db)) || !(await hasAnyLeads(db))) return;
    await rebuildLeadFacts(db);
    await completeOfficeMinutes(db);
  });

  await app.register(reportsRoutes, { deps: { db: app.database.db, now } });
};

import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { sweepEvery } from '../../lib/sweep.js';
import {
  completeOfficeMinutes,
  recordStatusFacts,
  recordCallAnsweredFacts,
  recordTimelineEventFacts,
  recountPropertyOfficeMinutes,
} from './report-facts.js';
import { hasAnyFacts, hasAnyLeads, rebuildLeadFacts } from './report-facts.repository.js';
import { sendWeeklyDigests, type DigestDeps } from './report-digest.js';
import { reportsRoutes } from './reports.routes.js';

export type ReportsModuleOptions = {
  now: Clock;
  /** How often this process looks for weekly report emails that are due. */
  digestSweepMs: number;
};

/** Any number arbitrarily fixed: one process at a time builds the facts of existing leads. */
const REBUILD_LOCK_ID = 727_026;

/**
 * A database with leads but no report facts yet (one upgraded to this version, or a demo just
 * seeded) gets them built from the timeline, once: under a lock, so one process does it.
 */
export const buildMissingReportFacts = (db: Db) =>
  db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${REBUILD_LOCK_ID})`);
    if ((await hasAnyFacts(tx)) || !(await hasAnyLeads(tx))) return;
    await rebuildLeadFacts(tx);
    await completeOfficeMinutes(tx);
  });

/**
 * Reports: the facts they count, kept inside each change's transaction, and the report routes.
 * A sweep sends the weekly report email on Monday mornings (exactly once per person and week).
 * A database that has leads but no facts yet (one upgraded to this version, or a demo just
 * seeded) gets them built from the timeline once, at start.
 */
export const reportsModule: FastifyPluginAsync<ReportsModuleOptions> = async (
  app,
  { now, digestSweepMs },
) => {
  const { events } = app;
  events.subscribeInTransaction(
    ['message.created', 'message.released', 'message.received', 'timeline.event_added'],
    'report-facts',
    (event, { db }) => recordTimelineEventFacts(db, event.timelineEventId),
  );
  events.subscribeInTransaction('call.updated', 'report-facts', async (event, { db }) => {
    if (event.outcome === 'answered' && event.previousOutcome !== 'answered')
      await recordCallAnsweredFacts(db, event.timelineEventId);
  });
  events.subscribeInTransaction('lead.status_changed', 'report-facts', (event, { db }) =>
    recordStatusFacts(db, event),
  );
  events.subscribeInTransaction('office_hours.changed', 'report-facts', (event, { db }) =>
    recountPropertyOfficeMinutes(db, event.companyId, event.propertyId),
  );

  await buildMissingReportFacts(app.database.db);

  const deps: DigestDeps = {
    db: app.database.db,
    events,
    queue: app.queue,
    now,
    publicUrl: app.config.publicUrl,
  };
  await app.register(reportsRoutes, { deps });

  sweepEvery(app, digestSweepMs, 'weekly report email sweep', () => sendWeeklyDigests(deps));
};

import { and, asc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { companies, firstResponses, leads, properties } from '../../db/schema/index.js';

const ruleColumns = {
  propertyId: properties.id,
  propertyName: properties.name,
  propertyTimeZone: properties.timeZone,
  officeHours: properties.officeHours,
  companyTimeZone: companies.timeZone,
  targetMinutes: companies.firstReplyTargetMinutes,
};

/** Each property of the company with what its office rules are made of. */
export const listCompanyPropertyRules = (db: Db, companyId: string) =>
  db
    .select(ruleColumns)
    .from(properties)
    .innerJoin(companies, eq(companies.id, properties.companyId))
    .where(eq(properties.companyId, companyId))
    .orderBy(asc(properties.name), asc(properties.id));

export type PropertyRulesRow = Awaited<ReturnType<typeof listCompanyPropertyRules>>[number];

export const findCompany = async (db: Db, companyId: string) =>
  (await db.select().from(companies).where(eq(companies.id, companyId)))[0];

/** The lead with its property's office rules: what the speed-to-lead check reads. */
export const findLeadWithRules = async (db: Db, leadId: string) =>
  (
    await db
      .select({ lead: leads, ...ruleColumns })
      .from(leads)
      .innerJoin(properties, eq(properties.id, leads.propertyId))
      .innerJoin(companies, eq(companies.id, leads.companyId))
      .where(eq(leads.id, leadId))
  )[0];

/**
 * The company's (or one property's) leads waiting for a reply since `since`, whose breach is not
 * published yet, with their office rules: the checks to queue again when the rules change.
 */
export const listUnbreachedWaitingLeads = (
  db: Db,
  companyId: string,
  propertyId: string | undefined,
  since: Date,
) =>
  db
    .select({ leadId: leads.id, awaitingSince: leads.awaitingSince, ...ruleColumns })
    .from(leads)
    .innerJoin(properties, eq(properties.id, leads.propertyId))
    .innerJoin(companies, eq(companies.id, leads.companyId))
    .where(
      and(
        eq(leads.companyId, companyId),
        propertyId ? eq(leads.propertyId, propertyId) : undefined,
        eq(leads.needsReply, true),
        gt(leads.awaitingSince, since),
        sql`${leads.speedToLeadNotifiedFor} is distinct from ${leads.awaitingSince}`,
      ),
    );

/** The first-response row the trigger wrote for this reply, if the reply ended a waiting stretch. */
export const findFirstResponseOfEvent = async (db: Db, conversationEventId: string) =>
  (
    await db
      .select()
      .from(firstResponses)
      .where(
        and(
          eq(firstResponses.conversationEventId, conversationEventId),
          isNotNull(firstResponses.firstInboundAt),
        ),
      )
  )[0];

export const completeFirstResponse = (
  db: Db,
  id: string,
  values: Partial<
    Pick<
      typeof firstResponses.$inferInsert,
      'businessMinutes' | 'responderKind' | 'responderUserId' | 'responderApiKeyId'
    >
  >,
) => db.update(firstResponses).set(values).where(eq(firstResponses.id, id));

import { and, asc, count, desc, eq, gte, isNotNull, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import {
  companies,
  leadSources,
  phoneNumberReleases,
  phoneNumbers,
  properties,
  type PhoneNumberReleaseRow,
  type PhoneNumberRow,
} from '../../db/schema/index.js';

export const findNumber = async (db: Db, e164: string): Promise<PhoneNumberRow | undefined> =>
  (await db.select().from(phoneNumbers).where(eq(phoneNumbers.e164, e164)))[0];

/** Registers the number to the company unless someone owns it already; answers the owner's row. */
export const registerNumberIfFree = async (
  db: Db,
  values: { e164: string; companyId: string; addedByUserId?: string | null },
): Promise<PhoneNumberRow> => {
  await db.insert(phoneNumbers).values(values).onConflictDoNothing();
  return (await findNumber(db, values.e164))!;
};

export const firstCompanyId = async (db: Db): Promise<string | undefined> =>
  (
    await db
      .select({ id: companies.id })
      .from(companies)
      .orderBy(asc(companies.createdAt), asc(companies.id))
      .limit(1)
  )[0]?.id;

export const companyExists = async (db: Db, companyId: string) =>
  (await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)))
    .length > 0;

export type CompanyNumberRow = PhoneNumberRow & {
  properties: { id: string; name: string; pmsPropertyId: string }[];
  /** The name of the property it is a tracking number of (`propertyId`'s). */
  trackingPropertyName: string | null;
  /** The name of the source its new leads get (`sourceId`'s), null when it gives none. */
  sourceName: string | null;
};

/** The company's numbers, oldest first, each with the properties that text from it. */
export const listCompanyNumbers = async (
  db: Db,
  companyId: string,
): Promise<CompanyNumberRow[]> => {
  const tracked = alias(properties, 'tracked');
  const rows = await db
    .select({ number: phoneNumbers, sourceName: leadSources.name, trackingName: tracked.name })
    .from(phoneNumbers)
    .leftJoin(leadSources, eq(leadSources.id, phoneNumbers.sourceId))
    .leftJoin(tracked, eq(tracked.id, phoneNumbers.propertyId))
    .where(eq(phoneNumbers.companyId, companyId))
    .orderBy(asc(phoneNumbers.createdAt), asc(phoneNumbers.id));
  const users = await db
    .select({
      e164: properties.smsNumber,
      id: properties.id,
      name: properties.name,
      pmsPropertyId: properties.pmsPropertyId,
    })
    .from(properties)
    .where(and(eq(properties.companyId, companyId), sql`${properties.smsNumber} is not null`));
  return rows.map(({ number: row, sourceName, trackingName }) => ({
    ...row,
    sourceName,
    trackingPropertyName: trackingName,
    properties: users
      .filter((user) => user.e164 === row.e164)
      .map(({ id, name, pmsPropertyId }) => ({ id, name, pmsPropertyId })),
  }));
};

/** A number of the company that no property has as its own, oldest first. */
export const firstUnassignedCompanyNumber = async (
  db: Db,
  companyId: string,
): Promise<string | undefined> =>
  (
    await db
      .select({ e164: phoneNumbers.e164 })
      .from(phoneNumbers)
      .leftJoin(properties, eq(properties.smsNumber, phoneNumbers.e164))
      // A tracking number is its property's way in, not a number the company texts from.
      .where(
        and(
          eq(phoneNumbers.companyId, companyId),
          isNull(properties.id),
          isNull(phoneNumbers.propertyId),
        ),
      )
      .orderBy(asc(phoneNumbers.createdAt), asc(phoneNumbers.id))
      .limit(1)
  )[0]?.e164;

export const insertNumber = async (
  db: Db,
  values: { e164: string; companyId: string; addedByUserId: string | null; createdAt: Date },
): Promise<PhoneNumberRow | undefined> =>
  (await db.insert(phoneNumbers).values(values).onConflictDoNothing().returning())[0];

export const deleteCompanyNumber = async (db: Db, companyId: string, id: string) =>
  (
    await db
      .delete(phoneNumbers)
      .where(and(eq(phoneNumbers.id, id), eq(phoneNumbers.companyId, companyId)))
      .returning()
  )[0];

export const findCompanyNumberById = async (db: Db, companyId: string, id: string) =>
  (
    await db
      .select()
      .from(phoneNumbers)
      .where(and(eq(phoneNumbers.id, id), eq(phoneNumbers.companyId, companyId)))
  )[0];

export const propertiesUsingNumber = async (db: Db, e164: string) =>
  db.select({ name: properties.name }).from(properties).where(eq(properties.smsNumber, e164));

/** Holds the company's row until the transaction ends: its registrations are counted one at a time. */
export const lockCompany = async (db: Db, companyId: string) => {
  await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for('update');
};

/**
 * How many numbers the company registered since `since`, kept or released since: each
 * registration is either a live row or exactly one release.
 */
export const registrationsSince = async (db: Db, companyId: string, since: Date) => {
  const [live] = await db
    .select({ count: count(), oldest: sql<Date | null>`min(${phoneNumbers.createdAt})` })
    .from(phoneNumbers)
    .where(and(eq(phoneNumbers.companyId, companyId), gte(phoneNumbers.createdAt, since)));
  const [released] = await db
    .select({ count: count(), oldest: sql<Date | null>`min(${phoneNumberReleases.registeredAt})` })
    .from(phoneNumberReleases)
    .where(
      and(
        eq(phoneNumberReleases.companyId, companyId),
        gte(phoneNumberReleases.registeredAt, since),
      ),
    );
  const oldest = [live?.oldest, released?.oldest]
    .filter((value) => value != null)
    .map((value) => new Date(value))
    .sort((a, b) => a.getTime() - b.getTime())[0];
  return { count: (live?.count ?? 0) + (released?.count ?? 0), oldest };
};

/** The number's most recent release, if any. */
export const lastRelease = async (
  db: Db,
  e164: string,
): Promise<PhoneNumberReleaseRow | undefined> =>
  (
    await db
      .select()
      .from(phoneNumberReleases)
      .where(eq(phoneNumberReleases.e164, e164))
      .orderBy(desc(phoneNumberReleases.releasedAt))
      .limit(1)
  )[0];

export const insertRelease = async (
  db: Db,
  values: {
    e164: string;
    companyId: string;
    registeredAt: Date;
    releasedAt: Date;
    releasedByUserId: string | null;
  },
) => {
  await db.insert(phoneNumberReleases).values(values);
};

/** The company's source of that id (a read of the lead module's list), undefined for any other. */
export const findCompanySource = async (db: Db, companyId: string, sourceId: string) =>
  (
    await db
      .select({ id: leadSources.id, name: leadSources.name })
      .from(leadSources)
      .where(and(eq(leadSources.id, sourceId), eq(leadSources.companyId, companyId)))
  )[0];

export const setNumberSource = async (db: Db, id: string, sourceId: string | null) => {
  await db.update(phoneNumbers).set({ sourceId }).where(eq(phoneNumbers.id, id));
};

export const setNumberTrackingProperty = async (db: Db, id: string, propertyId: string | null) => {
  await db.update(phoneNumbers).set({ propertyId }).where(eq(phoneNumbers.id, id));
};

/** The property a company number is a tracking number of; undefined when none. */
export const trackingPropertyIdOf = async (
  db: Db,
  companyId: string,
  e164: string,
): Promise<string | undefined> =>
  (
    await db
      .select({ propertyId: phoneNumbers.propertyId })
      .from(phoneNumbers)
      .where(and(eq(phoneNumbers.e164, e164), eq(phoneNumbers.companyId, companyId)))
  )[0]?.propertyId ?? undefined;

/** Every number of the company that gives `fromSourceId` gives `toSourceId` instead; how many. */
export const repointNumberSources = async (
  db: Db,
  companyId: string,
  fromSourceId: string,
  toSourceId: string,
): Promise<number> =>
  (
    await db
      .update(phoneNumbers)
      .set({ sourceId: toSourceId })
      .where(and(eq(phoneNumbers.companyId, companyId), eq(phoneNumbers.sourceId, fromSourceId)))
      .returning({ id: phoneNumbers.id })
  ).length;

/** How many of the company's numbers give each source (sources no number gives are left out). */
export const countNumbersBySource = async (db: Db, companyId: string) =>
  db
    .select({ sourceId: phoneNumbers.sourceId, count: count() })
    .from(phoneNumbers)
    .where(and(eq(phoneNumbers.companyId, companyId), isNotNull(phoneNumbers.sourceId)))
    .groupBy(phoneNumbers.sourceId);

/** The source a new lead gets from the company's number `e164`; null when it gives none. */
export const numberSourceIdOf = async (
  db: Db,
  companyId: string,
  e164: string,
): Promise<string | null> =>
  (
    await db
      .select({ sourceId: phoneNumbers.sourceId })
      .from(phoneNumbers)
      .where(and(eq(phoneNumbers.e164, e164), eq(phoneNumbers.companyId, companyId)))
  )[0]?.sourceId ?? null;

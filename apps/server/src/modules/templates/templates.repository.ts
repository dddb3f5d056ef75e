import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  companies,
  messageTemplates,
  properties,
  type MessageTemplateRow,
} from '../../db/schema/index.js';

/** The templates a user may see: the company's and their own. */
const visibleTo = (companyId: string, userId: string) =>
  and(
    eq(messageTemplates.companyId, companyId),
    or(isNull(messageTemplates.ownerUserId), eq(messageTemplates.ownerUserId, userId)),
  );

/** Company templates first, then the user's own; each by name. */
export const listVisibleTemplates = (db: Db, companyId: string, userId: string) =>
  db
    .select()
    .from(messageTemplates)
    .where(visibleTo(companyId, userId))
    .orderBy(
      sql`${messageTemplates.ownerUserId} is not null`,
      asc(sql`lower(${messageTemplates.name})`),
      asc(messageTemplates.id),
    );

export const findVisibleTemplate = async (
  db: Db,
  companyId: string,
  userId: string,
  templateId: string,
) =>
  (
    await db
      .select()
      .from(messageTemplates)
      .where(and(eq(messageTemplates.id, templateId), visibleTo(companyId, userId)))
  )[0];

export const insertTemplate = async (db: Db, row: typeof messageTemplates.$inferInsert) =>
  (await db.insert(messageTemplates).values(row).returning())[0]!;

export const updateTemplateRow = async (
  db: Db,
  templateId: string,
  changes: Partial<Pick<MessageTemplateRow, 'name' | 'channel' | 'subject' | 'body' | 'variants'>>,
) =>
  (
    await db
      .update(messageTemplates)
      .set(changes)
      .where(eq(messageTemplates.id, templateId))
      .returning()
  )[0]!;

export const updateTemplateAttachments = async (
  db: Db,
  templateId: string,
  attachments: MessageTemplateRow['attachments'],
) =>
  (
    await db
      .update(messageTemplates)
      .set({ attachments })
      .where(eq(messageTemplates.id, templateId))
      .returning()
  )[0]!;

export const deleteTemplateRow = (db: Db, templateId: string) =>
  db.delete(messageTemplates).where(eq(messageTemplates.id, templateId));

/**
 * One more message sent from the template, if the sender may use it (the company's, or their own):
 * a template id from another company or person counts nothing.
 */
export const countTemplateUse = (db: Db, companyId: string, userId: string, templateId: string) =>
  db
    .update(messageTemplates)
    .set({
      usageCount: sql`${messageTemplates.usageCount} + 1`,
      // A use is not an edit: the template keeps its last-changed time.
      updatedAt: sql`${messageTemplates.updatedAt}`,
    })
    .where(and(eq(messageTemplates.id, templateId), visibleTo(companyId, userId)));

/** What the merge fields read besides the lead: its property and company. */
export const findPropertyAndCompany = async (db: Db, propertyId: string) =>
  (
    await db
      .select({
        propertyName: properties.name,
        propertyAddress: properties.address,
        propertyTimeZone: properties.timeZone,
        companyName: companies.name,
        companyTimeZone: companies.timeZone,
      })
      .from(properties)
      .innerJoin(companies, eq(companies.id, properties.companyId))
      .where(eq(properties.id, propertyId))
  )[0];

import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  leadOwnerKinds,
  leadStatuses,
  officeDecisionStatuses,
  optStatuses,
} from '@leasing/contract';
import { id, timestamps } from './columns.js';
import { companies, users } from './companies.js';
import { leadSources } from './lead-sources.js';
import { properties } from './properties.js';

export const optStatus = pgEnum('opt_status', optStatuses);
export const officeDecisionStatus = pgEnum('office_decision_status', officeDecisionStatuses);
export const leadOwnerKind = pgEnum('lead_owner_kind', leadOwnerKinds);
export const leadStatus = pgEnum('lead_status', leadStatuses);

export const leads = pgTable(
  'leads',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id),
    propertyId: uuid()
      .notNull()
      .references(() => properties.id),
    pmsLeadId: text().notNull(),
    name: text().notNull(),
    /** E.164 */
    phone: text(),
    email: text(),
    phoneOptStatus: optStatus().notNull().default('NO_INDICATION'),
    emailOptStatus: optStatus().notNull().default('NO_INDICATION'),
    /** Mail to the lead hard-bounced (the address takes no mail), and why. */
    emailBouncedAt: timestamp({ withTimezone: true }),
    emailBounceReason: text(),
    tourDateUtc: timestamp({ withTimezone: true }),
    officeDecisionStatus: officeDecisionStatus(),
    officeDecisionCompletedAt: timestamp({ withTimezone: true }),
    officeDecisionCompletedByUserId: uuid().references(() => users.id),
    officeDecisionCompletedByUserName: text(),
    /** What was decided, as written when completing it (null: not said, or reopened). */
    officeDecisionOutcome: text(),
    /** Where the lead came from (the company's list); null: not known. */
    sourceId: uuid().references(() => leadSources.id),
    preferredLanguage: text(),
    /** The lead's IANA time zone when an integration gave it (quiet hours are counted in it). */
    timeZone: text(),
    lastActivityAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    // The inbox's columns, kept by the `conversation_events_touch_leads` trigger (migrations 0004, 0007)
    // on every new event, so no writer can forget them and the inbox never reads the events.
    /** The newest message (SMS, EMAIL, CALL): when, which channel, its first words, whose. */
    lastMessageAt: timestamp({ withTimezone: true }),
    lastMessageChannel: text(),
    lastMessagePreview: text(),
    /** The newest message is the lead's: it awaits our reply. */
    lastMessageFromLead: boolean().notNull().default(false),
    /** The lead's newest message; unread for a user who last read the lead before it. */
    lastInboundAt: timestamp({ withTimezone: true }),
    /** An office decision is open: such leads head the inbox. */
    decisionOpen: boolean()
      .notNull()
      .generatedAlwaysAs(sql`coalesce(office_decision_status = 'PENDING', false)`),
    /** Who works the lead: `user` (then `ownerUserId`/`ownerName` are set), `assistant`, `unassigned`. */
    ownerKind: leadOwnerKind().notNull().default('unassigned'),
    ownerUserId: uuid().references(() => users.id),
    /** The owner's name when the lead was assigned (shown without a join, like the decision's completer). */
    ownerName: text(),
    /** The lead's place in the leasing pipeline. */
    status: leadStatus().notNull().default('NEW'),
    statusChangedAt: timestamp({ withTimezone: true }),
    /** Why the lead was lost (status LOST). */
    lostReason: text(),
    /** When someone should get back to the lead; null when no follow-up is set. */
    followUpAt: timestamp({ withTimezone: true }),
    /** When `follow_up.due` was published for the current follow-up (exactly once; reset on a new one). */
    followUpNotifiedAt: timestamp({ withTimezone: true }),
    /** The oldest lead message since our last message (kept by the trigger); null when none waits. */
    awaitingSince: timestamp({ withTimezone: true }),
    /** The waiting stretch (its `awaitingSince`) whose speed-to-lead breach was published. */
    speedToLeadNotifiedFor: timestamp({ withTimezone: true }),
    /**
     * The lead spoke last and is not opted out on the channel it spoke on: it waits for a reply.
     * (A text saying STOP is the lead's last word but asks for no answer.)
     */
    needsReply: boolean()
      .notNull()
      .generatedAlwaysAs(
        sql`coalesce(last_message_from_lead and case last_message_channel when 'SMS' then phone_opt_status <> 'OPT_OUT' when 'EMAIL' then email_opt_status <> 'OPT_OUT' else true end, false)`,
      ),
    ...timestamps,
  },
  (table) => [
    check(
      'leads_owner_user_check',
      sql`(${table.ownerKind} = 'user') = (${table.ownerUserId} is not null)`,
    ),
    unique('leads_property_pms_unique').on(table.propertyId, table.pmsLeadId),
    index('leads_property_activity_idx').on(
      table.propertyId,
      table.lastActivityAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('leads_company_idx').on(table.companyId),
    // Reports: the leads created in a range (a cohort, the export's keyset order).
    index('leads_company_created_idx').on(
      table.companyId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    // The inbox order, per company and per property: open decisions, then recent activity.
    index('leads_company_inbox_idx').on(
      table.companyId,
      table.decisionOpen.desc().nullsFirst(),
      table.lastActivityAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('leads_property_inbox_idx').on(
      table.propertyId,
      table.decisionOpen.desc().nullsFirst(),
      table.lastActivityAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    // The inbox's owner views in the inbox order: 'Mine' walks the owner's own index, 'Unassigned'
    // and 'Assistant' the company's by kind.
    index('leads_owner_inbox_idx')
      .on(
        table.ownerUserId,
        table.decisionOpen.desc().nullsFirst(),
        table.lastActivityAt.desc().nullsFirst(),
        table.id.desc().nullsFirst(),
      )
      .where(sql`${table.ownerUserId} is not null`),
    index('leads_company_owner_kind_inbox_idx').on(
      table.companyId,
      table.ownerKind,
      table.decisionOpen.desc().nullsFirst(),
      table.lastActivityAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    // 'Needs reply' (the inbox's `awaiting` filter) in the inbox order: a partial index holds only
    // the leads waiting for us, so the filter never walks the others.
    index('leads_company_awaiting_idx')
      .on(
        table.companyId,
        table.decisionOpen.desc().nullsFirst(),
        table.lastActivityAt.desc().nullsFirst(),
        table.id.desc().nullsFirst(),
      )
      .where(sql`needs_reply`),
    index('leads_property_awaiting_idx')
      .on(
        table.propertyId,
        table.decisionOpen.desc().nullsFirst(),
        table.lastActivityAt.desc().nullsFirst(),
        table.id.desc().nullsFirst(),
      )
      .where(sql`needs_reply`),
    // The follow-up sweep: follow-ups set and not yet announced, by due time.
    index('leads_follow_up_due_idx')
      .on(table.followUpAt)
      .where(sql`follow_up_at is not null and follow_up_notified_at is null`),
    // Inbound routing: a text is matched by the sender's number, an email by its address.
    index('leads_phone_idx').on(table.phone),
    index('leads_company_email_idx').on(table.companyId, sql`lower(${table.email})`),
  ],
);

export type LeadRow = typeof leads.$inferSelect;
export type NewLeadRow = typeof leads.$inferInsert;

/** When each staff user last opened each lead: a lead's newer inbound message is unread for them. */
export const leadReads = pgTable(
  'lead_reads',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    leadId: uuid()
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    readAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.leadId] })],
);

import { and, desc, eq, ilike, inArray, isNotNull, ne, sql, type SQL } from 'drizzle-orm';
import type { InboxChannel, InboxFilter, InboxView, LeadStatus } from '@leasing/contract';
import type { Db } from '../../db/client.js';
import { conversationEvents, leadReads, leads, properties } from '../../db/schema/index.js';
import { escapeLike } from '../../lib/like-pattern.js';
import type { InboxCursor } from './inbox-cursor.js';
import type { InboxSearch } from './inbox-search.js';

export type InboxListOptions = {
  companyId: string;
  userId: string;
  /** Must be a property of `companyId`: its leads are then the company's. */
  propertyId?: string;
  search?: InboxSearch;
  filters: InboxFilter[];
  channel?: InboxChannel;
  /** Whose leads; `all` when left out. */
  view?: InboxView;
  /** Only this person's leads (a user id of any company matches no lead of another). */
  ownerId?: string;
  /** Only leads in one of these pipeline statuses; every status when empty. */
  statuses: LeadStatus[];
  after?: InboxCursor;
  limit: number;
  /** The clock's now: a follow-up still ahead keeps a lead out of 'awaiting'. */
  now: Date;
};

/** The lead wrote after this user last opened it (or this user never opened it). */
export const unread = sql<boolean>`(${leads.lastInboundAt} is not null and (${leadReads.readAt} is null or ${leads.lastInboundAt} > ${leadReads.readAt}))`;

/**
 * The lead's newest outgoing message (ours carry a sending status, theirs none) failed. Walks the
 * lead's events newest first on `conversation_events_lead_date_idx` and stops at the first
 * outgoing one: a few index entries per row of a page, computed for the page's rows only.
 */
export const lastOutboundFailed = sql<boolean>`coalesce((
  select ${conversationEvents.sendingStatus} = 'FAILED' from ${conversationEvents}
  where ${conversationEvents.leadId} = ${leads.id}
    and ${conversationEvents.sendingStatus} is not null
  order by ${conversationEvents.date} desc, ${conversationEvents.id} desc
  limit 1
), false)`;

/** Phone present and not opted out. */
const reachableBySms = and(isNotNull(leads.phone), ne(leads.phoneOptStatus, 'OPT_OUT'));
/** Address present, not opted out, and mail to it does not bounce. */
const reachableByEmail = and(
  isNotNull(leads.email),
  ne(leads.emailOptStatus, 'OPT_OUT'),
  sql`${leads.emailBouncedAt} is null`,
);

const searchCondition = (search: InboxSearch): SQL | undefined => {
  switch (search.kind) {
    case 'phone':
      return eq(leads.phone, search.e164);
    case 'phone-digits':
      return sql`${leads.phone} like ${`%${escapeLike(search.digits)}%`}`;
    case 'email':
      return sql`lower(${leads.email}) like ${`${escapeLike(search.prefix)}%`}`;
    case 'name':
      return ilike(leads.name, `%${escapeLike(search.text)}%`);
  }
};

const filterCondition = (filter: InboxFilter, now: Date): SQL => {
  switch (filter) {
    case 'decision':
      return eq(leads.decisionOpen, true);
    case 'awaiting':
      // `needs_reply` as the partial indexes' predicate names it, so the planner walks one of them.
      return sql`${leads.needsReply} and (${leads.followUpAt} is null or ${leads.followUpAt} <= ${now.toISOString()}::timestamptz)`;
    case 'unread':
      return unread;
    case 'failed':
      return lastOutboundFailed;
  }
};

/** The owner views: each names the leading columns of an owner index (`leads_owner_inbox_idx`, `leads_company_owner_kind_inbox_idx`). */
const viewCondition = (view: InboxView | undefined, userId: string): SQL | undefined => {
  switch (view) {
    case 'mine':
      return eq(leads.ownerUserId, userId);
    case 'unassigned':
      return eq(leads.ownerKind, 'unassigned');
    case 'assistant':
      return eq(leads.ownerKind, 'assistant');
    default:
      return undefined;
  }
};

/**
 * Rows after the cursor in the inbox order. One row comparison over the index's own columns,
 * all descending: PostgreSQL starts the index scan (`leads_company_inbox_idx` /
 * `leads_property_inbox_idx`) right at the cursor, so a deep page costs what the first one does.
 */
const afterCursor = (cursor: InboxCursor | undefined) =>
  cursor
    ? sql`(${leads.decisionOpen}, ${leads.lastActivityAt}, ${leads.id}) < (${cursor.decisionOpen}::boolean, ${cursor.lastActivityAt}::timestamptz, ${cursor.id}::uuid)`
    : undefined;

/**
 * One page of the inbox (`limit + 1` rows: the extra one says whether another page exists),
 * open decisions first, then the most recent activity.
 */
export const listInboxLeads = (db: Db, options: InboxListOptions) =>
  db
    .select({
      lead: leads,
      propertyName: properties.name,
      unread,
      lastOutboundFailed,
      lastActivityAtText: sql<string>`to_char(${leads.lastActivityAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(leads)
    .innerJoin(properties, eq(properties.id, leads.propertyId))
    .leftJoin(leadReads, and(eq(leadReads.leadId, leads.id), eq(leadReads.userId, options.userId)))
    .where(
      and(
        // One property (the service checked it is the company's) or the whole company: the
        // condition names one index's leading column, so the planner walks that index.
        options.propertyId
          ? eq(leads.propertyId, options.propertyId)
          : eq(leads.companyId, options.companyId),
        options.search ? searchCondition(options.search) : undefined,
        ...options.filters.map((filter) => filterCondition(filter, options.now)),
        viewCondition(options.view, options.userId),
        options.ownerId ? eq(leads.ownerUserId, options.ownerId) : undefined,
        options.channel === 'SMS' ? reachableBySms : undefined,
        options.channel === 'EMAIL' ? reachableByEmail : undefined,
        options.statuses.length > 0 ? inArray(leads.status, options.statuses) : undefined,
        afterCursor(options.after),
      ),
    )
    .orderBy(desc(leads.decisionOpen), desc(leads.lastActivityAt), desc(leads.id))
    .limit(options.limit + 1);

export type InboxRow = Awaited<ReturnType<typeof listInboxLeads>>[number];

/** Marks the lead read for the user now: its messages up to now are no longer unread for them. */
export const markLeadRead = (db: Db, userId: string, leadId: string) =>
  db
    .insert(leadReads)
    .values({ userId, leadId, readAt: sql`now()` })
    .onConflictDoUpdate({
      target: [leadReads.userId, leadReads.leadId],
      set: { readAt: sql`greatest(${leadReads.readAt}, now())` },
    });

/** These leads of the company as inbox rows (any order; the caller orders them). */
export const listInboxRowsOfLeads = (
  db: Db,
  options: { companyId: string; userId: string; leadIds: string[] },
) =>
  options.leadIds.length === 0
    ? Promise.resolve([])
    : db
        .select({ lead: leads, propertyName: properties.name, unread, lastOutboundFailed })
        .from(leads)
        .innerJoin(properties, eq(properties.id, leads.propertyId))
        .leftJoin(
          leadReads,
          and(eq(leadReads.leadId, leads.id), eq(leadReads.userId, options.userId)),
        )
        .where(and(eq(leads.companyId, options.companyId), inArray(leads.id, options.leadIds)));

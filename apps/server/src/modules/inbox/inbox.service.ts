import type {
  InboxChannel,
  InboxExportQuery,
  InboxFilter,
  InboxItem,
  InboxPage,
  InboxQuery,
} from '@leasing/contract';
import { inboxMessageTypes, parseStatusList } from '@leasing/contract';
import type { Db } from '../../db/client.js';
import type { LeadRow } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { lightsOf } from '../lead/index.js';
import { loadCompanyOfficeRules, type OfficeRules } from '../scheduling/index.js';
import { getCompanyLead, toLeadSummary } from '../lead/index.js';
import { findCompanyProperty } from '../company/index.js';
import { decodeInboxCursor, encodeInboxCursor, type InboxCursor } from './inbox-cursor.js';
import { parseInboxSearch } from './inbox-search.js';
import {
  listInboxLeads,
  listInboxRowsOfLeads,
  markLeadRead,
  type InboxListOptions,
  type InboxRow,
} from './inbox.repository.js';

type MessageType = (typeof inboxMessageTypes)[number];
const isMessageType = (value: string | null): value is MessageType =>
  inboxMessageTypes.some((type) => type === value);

/** Where the lead can be written to now; the same rules as the inbox's channel filter. */
export const reachableChannels = (lead: LeadRow): InboxChannel[] => {
  const channels: InboxChannel[] = [];
  if (lead.phone && lead.phoneOptStatus !== 'OPT_OUT') channels.push('SMS');
  if (lead.email && lead.emailOptStatus !== 'OPT_OUT' && !lead.emailBouncedAt) {
    channels.push('EMAIL');
  }
  return channels;
};

export const toInboxItem = (
  row: Pick<InboxRow, 'lead' | 'propertyName' | 'unread' | 'lastOutboundFailed'>,
  now: Date,
  rules: OfficeRules,
): InboxItem => {
  const { lead, propertyName, unread, lastOutboundFailed } = row;
  return {
    ...toLeadSummary(lead),
    propertyName,
    lastMessageAt: lead.lastMessageAt?.toISOString() ?? null,
    lastMessageChannel: isMessageType(lead.lastMessageChannel) ? lead.lastMessageChannel : null,
    lastMessagePreview: lead.lastMessagePreview,
    awaitingReply: lead.lastMessageFromLead,
    decisionOpen: lead.decisionOpen,
    unread,
    lastMessageFailed: lastOutboundFailed,
    channels: reachableChannels(lead),
    propertyTimeZone: rules.timeZone,
    lights: lightsOf(lead, now, rules),
  };
};

const parseFilters = (filter: string | undefined): InboxFilter[] =>
  filter ? [...new Set(filter.split(',') as InboxFilter[])] : [];

/** A property of another company is answered as unknown: the inbox only ever names the user's own. */
export const checkInboxProperty = async (
  db: Db,
  companyId: string,
  propertyId: string | undefined,
) => {
  if (!propertyId) return;
  const property = await findCompanyProperty(db, companyId, propertyId);
  if (!property) throw notFound('Property');
};

/** The list's narrowing (search, filters, channel, owner, statuses) as the repository takes it. */
export const inboxListOptions = (
  user: { companyId: string; userId: string },
  query: InboxExportQuery,
  now: Date,
): Omit<InboxListOptions, 'limit' | 'after'> => ({
  ...user,
  propertyId: query.propertyId,
  search: parseInboxSearch(query.search),
  filters: parseFilters(query.filter),
  channel: query.channel,
  view: query.view,
  ownerId: query.ownerId,
  statuses: parseStatusList(query.status),
  now,
});

/** Where the next page starts: after the last row of this one. */
export const inboxCursorAfter = (row: InboxRow): InboxCursor => ({
  decisionOpen: row.lead.decisionOpen,
  lastActivityAt: row.lastActivityAtText,
  id: row.lead.id,
});

/**
 * The user's inbox: the leads of the company's properties (or of one), open decisions first,
 * then the most recent activity, keyset paged.
 */
export const listInbox = async (
  db: Db,
  user: { companyId: string; userId: string },
  query: InboxQuery,
  now: Date,
): Promise<InboxPage> => {
  await checkInboxProperty(db, user.companyId, query.propertyId);
  const after = query.cursor ? decodeInboxCursor(query.cursor) : undefined;
  // The office rules of the company's few properties, read once: joined to every row they made the
  // planner leave the inbox index's order.
  const [rules, rows] = await Promise.all([
    loadCompanyOfficeRules(db, user.companyId),
    listInboxLeads(db, { ...inboxListOptions(user, query, now), after, limit: query.limit }),
  ]);
  const items = rows.slice(0, query.limit);
  const last = items.at(-1);
  return {
    items: items.map((row) => toInboxItem(row, now, rules.get(row.lead.propertyId)!)),
    nextCursor:
      rows.length > query.limit && last ? encodeInboxCursor(inboxCursorAfter(last)) : null,
  };
};

/**
 * These leads of the user's company as inbox items, in the order given (a report's leads): a
 * lead of another company is left out.
 */
export const inboxItemsOfLeads = async (
  db: Db,
  user: { companyId: string; userId: string },
  leadIds: string[],
  now: Date,
): Promise<InboxItem[]> => {
  const [rules, rows] = await Promise.all([
    loadCompanyOfficeRules(db, user.companyId),
    listInboxRowsOfLeads(db, { ...user, leadIds }),
  ]);
  const byId = new Map(rows.map((row) => [row.lead.id, row]));
  return leadIds.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toInboxItem(row, now, rules.get(row.lead.propertyId)!)] : [];
  });
};

/** The user opened the lead: what it has said so far is read, for this user only. */
export const readLead = async (
  db: Db,
  user: { companyId: string; userId: string },
  leadId: string,
): Promise<void> => {
  const lead = await getCompanyLead(db, user.companyId, leadId);
  await markLeadRead(db, user.userId, lead.id);
};

import type { FastifyReply } from 'fastify';
import { DateTime } from 'luxon';
import {
  ASSISTANT_OWNER_LABEL,
  inboxCsvColumns,
  leadStatusLabels,
  UNASSIGNED_OWNER_LABEL,
  type InboxExportQuery,
  type InboxItem,
} from '@leasing/contract';
import type { Db } from '../../db/client.js';
import { domainEvent } from '../../events/domain-events.js';
import type { EventPort } from '../../events/event-port.js';
import { streamCsv } from '../../lib/csv-stream.js';
import { userActor, type Principal } from '../../lib/principal.js';
import { leadSourceNames } from '../lead/index.js';
import { loadCompanyOfficeRules } from '../scheduling/index.js';
import { listInboxLeads } from './inbox.repository.js';
import {
  checkInboxProperty,
  inboxCursorAfter,
  inboxListOptions,
  toInboxItem,
} from './inbox.service.js';
import type { InboxCursor } from './inbox-cursor.js';

export type InboxExportDeps = { db: Db; events: EventPort };

const BATCH = 500;

const ownerOf = ({ owner }: InboxItem) =>
  owner.kind === 'user'
    ? owner.name
    : owner.kind === 'assistant'
      ? ASSISTANT_OWNER_LABEL
      : UNASSIGNED_OWNER_LABEL;

/** A moment on the property's clock, as a spreadsheet reads it: `2026-11-28 09:05`. */
const local = (iso: string | null, zone: string) =>
  iso ? DateTime.fromISO(iso, { zone }).toFormat('yyyy-MM-dd HH:mm') : '';

const lineOf = (item: InboxItem, source: string) => [
  item.name,
  item.propertyName,
  item.phone ?? '',
  item.email ?? '',
  leadStatusLabels[item.status],
  source,
  ownerOf(item),
  local(item.lastMessageAt, item.propertyTimeZone),
  local(item.lights.waitingSince, item.propertyTimeZone),
  item.propertyTimeZone,
];

/** The narrowing asked for, as the audit row keeps it: only what was set. */
const describedQuery = (query: InboxExportQuery): Record<string, string> =>
  Object.fromEntries(
    Object.entries(query).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
    ),
  );

/** The file's name: `inbox-2026-11-28.csv`. */
export const inboxExportFileName = (now: Date) => `inbox-${now.toISOString().slice(0, 10)}.csv`;

/**
 * The inbox as CSV: every lead the same narrowing lists, in the inbox's order, fetched a keyset
 * batch at a time. The download is audited before the first row leaves ('Exported the inbox',
 * with the narrowing): the company's contact list is leaving the console.
 */
export const sendInboxCsv = async (
  reply: FastifyReply,
  deps: InboxExportDeps,
  principal: Principal,
  query: InboxExportQuery,
  now: Date,
) => {
  const user = { companyId: principal.companyId, userId: principal.id };
  await checkInboxProperty(deps.db, user.companyId, query.propertyId);
  await deps.events.transaction(({ record }) => {
    record(
      domainEvent('inbox.exported', {
        companyId: principal.companyId,
        userId: principal.id,
        query: describedQuery(query),
        actor: userActor(principal),
      }),
    );
    return Promise.resolve();
  });
  const [rules, sources] = await Promise.all([
    loadCompanyOfficeRules(deps.db, user.companyId),
    leadSourceNames(deps.db, user.companyId),
  ]);
  const options = inboxListOptions(user, query, now);
  const csv = streamCsv(inboxCsvColumns, async (write) => {
    let after: InboxCursor | undefined;
    for (;;) {
      const rows = await listInboxLeads(deps.db, { ...options, after, limit: BATCH });
      const page = rows.slice(0, BATCH);
      for (const row of page) {
        const item = toInboxItem(row, now, rules.get(row.lead.propertyId)!);
        await write(lineOf(item, (row.lead.sourceId && sources.get(row.lead.sourceId)) ?? ''));
      }
      const last = page.at(-1);
      if (rows.length <= BATCH || !last) return;
      after = inboxCursorAfter(last);
    }
  });
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${inboxExportFileName(now)}"`)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(csv);
};

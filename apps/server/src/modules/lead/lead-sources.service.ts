import {
  LEAD_SOURCE_EXISTS,
  type LeadSource,
  type LeadSourceList,
  type LeadSourceRef,
} from '@leasing/contract';
import type { Db } from '../../db/client.js';
import type { LeadSourceRow } from '../../db/schema/index.js';
import { domainEvent, type Actor } from '../../events/domain-events.js';
import type { EventPort, RecordingScope } from '../../events/event-port.js';
import { badRequest, HttpError, notFound } from '../../lib/errors.js';
import { userActor, type Principal } from '../../lib/principal.js';
import { countNumbersBySource, repointNumberSources } from '../numbers/index.js';
import {
  countLeadsBySource,
  deleteLeadSource,
  findLeadSource,
  findLeadSourceByName,
  insertLeadSource,
  listLeadSourceRows,
  lockLeadSource,
  renameLeadSource,
  repointLeadSources,
} from './lead-sources.repository.js';

export const toLeadSourceRef = (row: Pick<LeadSourceRow, 'id' | 'name'>): LeadSourceRef => ({
  _id: row.id,
  name: row.name,
});

/** The company's sources in the order they were made, each with its leads and numbers counted. */
export const listLeadSources = async (db: Db, companyId: string): Promise<LeadSourceList> => {
  const [rows, leadCounts, numberCounts] = await Promise.all([
    listLeadSourceRows(db, companyId),
    countLeadsBySource(db, companyId),
    countNumbersBySource(db, companyId),
  ]);
  const countOf = (counts: { sourceId: string | null; count: number }[], id: string) =>
    counts.find((entry) => entry.sourceId === id)?.count ?? 0;
  return {
    items: rows.map((row) => ({
      ...toLeadSourceRef(row),
      leadCount: countOf(leadCounts, row.id),
      numberCount: countOf(numberCounts, row.id),
    })),
  };
};

const sourceWithCounts = async (db: Db, row: LeadSourceRow): Promise<LeadSource> =>
  (await listLeadSources(db, row.companyId)).items.find((item) => item._id === row.id) ?? {
    ...toLeadSourceRef(row),
    leadCount: 0,
    numberCount: 0,
  };

const nameTaken = () =>
  new HttpError('LEAD_SOURCE_EXISTS', `${LEAD_SOURCE_EXISTS}.`, {}, [
    { path: 'body.name', message: LEAD_SOURCE_EXISTS },
  ]);

/** A change of the list, with its audit row (`lead_source.changed`). */
const recordSourceChange = (
  record: RecordingScope['record'],
  source: LeadSourceRow,
  change: 'added' | 'renamed' | 'merged',
  actor: Actor,
  facts: {
    before?: string;
    into?: { sourceId: string; name: string; leads: number; numbers: number };
  } = {},
) =>
  record(
    domainEvent('lead_source.changed', {
      companyId: source.companyId,
      sourceId: source.id,
      name: source.name,
      change,
      ...facts,
      actor,
    }),
  );

export const addLeadSource = (
  events: EventPort,
  principal: Principal,
  name: string,
): Promise<LeadSource> =>
  events.transaction(async ({ db, record }) => {
    const row = await insertLeadSource(db, principal.companyId, name);
    if (!row) throw nameTaken();
    recordSourceChange(record, row, 'added', userActor(principal));
    return { ...toLeadSourceRef(row), leadCount: 0, numberCount: 0 };
  });

export const changeLeadSourceName = (
  events: EventPort,
  principal: Principal,
  sourceId: string,
  name: string,
): Promise<LeadSource> =>
  events.transaction(async ({ db, record }) => {
    const source = await lockLeadSource(db, principal.companyId, sourceId);
    if (!source) throw notFound('Source');
    const sameName = await findLeadSourceByName(db, principal.companyId, name);
    if (sameName && sameName.id !== source.id) throw nameTaken();
    if (source.name === name) return sourceWithCounts(db, source);
    const renamed = (await renameLeadSource(db, source.id, name)) ?? source;
    recordSourceChange(record, renamed, 'renamed', userActor(principal), { before: source.name });
    return sourceWithCounts(db, renamed);
  });

/**
 * Moves every lead and number of the source to `intoSourceId`, then removes it, in one
 * transaction (the numbers through their own module). Answers the source that took them.
 */
export const mergeLeadSource = (
  events: EventPort,
  principal: Principal,
  sourceId: string,
  intoSourceId: string,
): Promise<LeadSource> =>
  events.transaction(async ({ db, record }) => {
    const { companyId } = principal;
    if (sourceId === intoSourceId) {
      throw badRequest('body.intoSourceId', 'choose another source to merge this one into');
    }
    // Both locked, in one order whatever the request's: two crossed merges cannot deadlock.
    const [first, second] = [sourceId, intoSourceId].sort();
    const locked = new Map<string, LeadSourceRow | undefined>([
      [first!, await lockLeadSource(db, companyId, first!)],
      [second!, await lockLeadSource(db, companyId, second!)],
    ]);
    const source = locked.get(sourceId);
    const into = locked.get(intoSourceId);
    if (!source || !into) throw notFound('Source');
    const leads = await repointLeadSources(db, companyId, source.id, into.id);
    const numbers = await repointNumberSources(db, companyId, source.id, into.id);
    await deleteLeadSource(db, source.id);
    recordSourceChange(record, source, 'merged', userActor(principal), {
      into: { sourceId: into.id, name: into.name, leads, numbers },
    });
    return sourceWithCounts(db, into);
  });

/**
 * The company's source of this name, matched in any case; a new name joins the list (recorded
 * as `added` by whoever named it: an integration's key). Inside the caller's transaction.
 */
export const sourceNamed = async (
  { db, record }: Pick<RecordingScope, 'db' | 'record'>,
  companyId: string,
  name: string,
  actor: Actor,
): Promise<LeadSourceRow> => {
  const known = await findLeadSourceByName(db, companyId, name);
  if (known) return known;
  const added = await insertLeadSource(db, companyId, name);
  if (added) {
    recordSourceChange(record, added, 'added', actor);
    return added;
  }
  // Another transaction added it first and committed: it is there now.
  const raced = await findLeadSourceByName(db, companyId, name);
  if (!raced) throw new Error(`lead source "${name}" neither inserted nor found`);
  return raced;
};

/** The source of that id as a lead names it, if it is the company's. */
/** The company's sources by id, for naming many leads' sources at once (the inbox's CSV). */
export const leadSourceNames = async (db: Db, companyId: string): Promise<Map<string, string>> =>
  new Map((await listLeadSourceRows(db, companyId)).map((row) => [row.id, row.name]));

export const leadSourceRefOf = async (
  db: Db,
  companyId: string,
  sourceId: string | null,
): Promise<LeadSourceRef | null> => {
  if (!sourceId) return null;
  const row = await findLeadSource(db, companyId, sourceId);
  return row ? toLeadSourceRef(row) : null;
};

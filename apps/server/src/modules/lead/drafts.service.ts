import type { LeadDraft, SaveLeadDraftRequest } from '@leasing/contract';
import { saveLeadDraftRequestSchema } from '@leasing/contract';
import type { Db } from '../../db/client.js';
import type { LeadDraftRow } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../lib/errors.js';
import type { Principal } from '../../lib/principal.js';
import {
  deleteDraft,
  findCompanyLeadId,
  findDraft,
  findLeadEventIds,
  upsertDraft,
} from './drafts.repository.js';

const toDraftDto = (row: LeadDraftRow): LeadDraft => ({
  mode: row.mode,
  text: row.text,
  subject: row.subject,
  replyToEventId: row.replyToEventId,
  basedOnEventId: row.basedOnEventId,
  updatedAt: row.updatedAt.toISOString(),
});

/** The lead's id when it is the caller's company's; another company's answers 404 like an unknown one. */
const companyLead = async (db: Db, principal: Principal, leadId: string) => {
  const id = await findCompanyLeadId(db, principal.companyId, leadId);
  if (!id) throw notFound('Lead');
  return id;
};

/** The caller's own draft on the lead, or null. Nobody reads another person's draft. */
export const getDraft = async (db: Db, principal: Principal, leadId: string) => {
  const row = await findDraft(db, await companyLead(db, principal, leadId), principal.id);
  return { draft: row ? toDraftDto(row) : null };
};

/** Saves (replaces) the caller's draft; the events it names must be the lead's. */
export const saveDraft = async (
  db: Db,
  principal: Principal,
  leadId: string,
  input: SaveLeadDraftRequest,
) => {
  const id = await companyLead(db, principal, leadId);
  const body = saveLeadDraftRequestSchema.parse(input);
  const named = [body.basedOnEventId, body.replyToEventId].filter((x): x is string => x !== null);
  const found = await findLeadEventIds(db, id, named);
  if (body.basedOnEventId && !found.includes(body.basedOnEventId))
    throw badRequest('body.basedOnEventId', "not one of this lead's events");
  if (body.replyToEventId && !found.includes(body.replyToEventId))
    throw badRequest('body.replyToEventId', "not one of this lead's events");
  const row = await upsertDraft(db, {
    companyId: principal.companyId,
    leadId: id,
    userId: principal.id,
    mode: body.mode,
    text: body.text,
    subject: body.mode === 'EMAIL' ? body.subject : null,
    replyToEventId: body.mode === 'EMAIL' ? body.replyToEventId : null,
    basedOnEventId: body.basedOnEventId,
  });
  return { draft: toDraftDto(row) };
};

export const discardDraft = async (db: Db, principal: Principal, leadId: string) => {
  await deleteDraft(db, await companyLead(db, principal, leadId), principal.id);
};

/** A sent message takes its author's draft on that lead with it (in the send's transaction). */
export const clearSentDraft = async (db: Db, leadId: string, userId: string) => {
  await deleteDraft(db, leadId, userId);
};

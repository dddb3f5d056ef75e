import type { AddNoteRequest, Note } from '@leasing/contract';
import type { Db } from '../../db/client.js';
import { badRequest, forbidden } from '../../lib/errors.js';
import type { Principal } from '../../plugins/auth.js';
import { getCompanyLead } from '../leads/lead-access.js';
import { listLeadNotes } from '../leads/leads.repository.js';
import { toNoteDto } from '../leads/leads.service.js';
import { insertNote } from './notes.repository.js';

export const listNotes = async (db: Db, principal: Principal, leadId: string): Promise<Note[]> => {
  await getCompanyLead(db, principal.companyId, leadId);
  return (await listLeadNotes(db, leadId)).map(toNoteDto);
};

/** Adds a note and answers the whole list, newest first. Nothing is written unless all checks pass. */
export const addNote = async (
  db: Db,
  principal: Principal,
  leadId: string,
  input: AddNoteRequest,
): Promise<Note[]> => {
  if (input.companyID !== principal.companyId) throw forbidden();
  if (input.leadID !== leadId) throw badRequest('leadID: must match the lead in the path');
  const lead = await getCompanyLead(db, principal.companyId, leadId);
  await insertNote(db, {
    companyId: lead.companyId,
    leadId: lead.id,
    text: input.text,
    createdByUserId: principal.id,
    createdByUserName: principal.name,
  });
  return (await listLeadNotes(db, lead.id)).map(toNoteDto);
};

import type { AddNoteRequest, Note } from '@leasing/contract';
import type { Db } from '../../db/client.js';
import { domainEvent } from '../../events/domain-events.js';
import type { EventPort } from '../../events/event-port.js';
import { badRequest, forbidden } from '../../lib/errors.js';
import type { Principal } from '../../lib/principal.js';
import { getCompanyLead, listNotesOfLead } from './leads.service.js';
import { insertNote } from './notes.repository.js';

export const listNotes = async (db: Db, principal: Principal, leadId: string): Promise<Note[]> => {
  await getCompanyLead(db, principal.companyId, leadId);
  return listNotesOfLead(db, leadId);
};

/** Adds a note and answers the whole list, newest first. Nothing is written unless all checks pass. */
export const addNote = async (
  { db, events }: { db: Db; events: EventPort },
  principal: Principal,
  leadId: string,
  input: AddNoteRequest,
): Promise<Note[]> => {
  if (input.companyID !== principal.companyId) throw forbidden();
  if (input.leadID !== leadId) throw badRequest('body.leadID', 'must match the lead in the path');
  const lead = await getCompanyLead(db, principal.companyId, leadId);
  await events.transaction(async ({ db: tx, record }) => {
    const note = await insertNote(tx, {
      companyId: lead.companyId,
      leadId: lead.id,
      text: input.text,
      createdByUserId: principal.id,
      createdByUserName: principal.name,
    });
    // Not pushed to open consoles (they reload notes themselves); recorded for other subscribers.
    record(
      domainEvent('note.added', {
        companyId: lead.companyId,
        leadId: lead.id,
        noteId: note.id,
        actor: { kind: 'user', userId: principal.id, name: principal.name },
      }),
    );
  });
  return listNotesOfLead(db, lead.id);
};

import { addNoteRequestSchema, apiPaths, noteListSchema } from '@leasing/contract';
import type { Lead, Note } from '@leasing/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { setLeadNotes } from '../../../lib/conversation-cache/conversation-cache';
import { getNotesQueryKey } from './get-notes';

export const addNoteInputSchema = addNoteRequestSchema;
export type AddNoteInput = z.input<typeof addNoteInputSchema>;

/** Whether `text` may be saved as a note (non-empty once trimmed, within the length limit). */
export function isValidNoteText(text: string): boolean {
  return addNoteInputSchema.shape.text.safeParse(text).success;
}

/** Answers with the lead's whole note list, newest first. */
export function addNote(input: AddNoteInput): Promise<Note[]> {
  const body = addNoteInputSchema.parse(input);
  return apiRequest(apiPaths.leadNotes(body.leadID), {
    method: 'POST',
    body,
    schema: noteListSchema,
  });
}

/**
 * The answer is the full list, so both caches that show notes take it as is; refetching the lead
 * would reload its whole timeline for one note.
 */
export function useAddNote(lead: Pick<Lead, '_id' | 'companyID' | 'propertyID' | 'pmsLeadId'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['add-note', lead._id],
    mutationFn: (text: string) => addNote({ leadID: lead._id, companyID: lead.companyID, text }),
    onSuccess: (notes) => {
      setLeadNotes(queryClient, lead, notes);
      queryClient.setQueryData(getNotesQueryKey(lead._id), notes);
    },
  });
}

import { apiPaths, noteListSchema } from '@leasing/contract';
import type { Note } from '@leasing/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

type GetNotesInput = { leadID: string; signal?: AbortSignal };

/** Every note of a lead, newest first. */
export function getNotes({ leadID, signal }: GetNotesInput): Promise<Note[]> {
  return apiRequest(apiPaths.leadNotes(leadID), { schema: noteListSchema, signal });
}

export const getNotesQueryKey = (leadID: string) => ['notes', leadID] as const;

export const getNotesQueryOptions = (leadID: string) =>
  queryOptions({
    queryKey: getNotesQueryKey(leadID),
    queryFn: ({ signal }) => getNotes({ leadID, signal }),
  });

/** `placeholder`: the notes that came with the lead, shown while the full list loads. */
export const useNotes = (leadID: string, placeholder: Note[]) =>
  useQuery({ ...getNotesQueryOptions(leadID), placeholderData: placeholder });

import { apiPaths, conversationEventSchema, scheduleUpdateSchema } from '@leasing/contract';
import type { ConversationEvent, Lead, ScheduleUpdate } from '@leasing/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { addConversationEvents } from '../../../lib/conversation-cache/conversation-cache';

export type EditScheduledInput = { messageID: string; change: ScheduleUpdate };

/** 'Edit' of a scheduled message: its text, subject, time or keep-if-replied switch. */
export function editScheduledMessage(
  leadID: string,
  { messageID, change }: EditScheduledInput,
): Promise<ConversationEvent> {
  return apiRequest(apiPaths.leadMessageSchedule(leadID, messageID), {
    method: 'PATCH',
    body: scheduleUpdateSchema.parse(change),
    schema: conversationEventSchema,
  });
}

/** The bubble shows the change at once; other consoles hear it live. */
export function useEditScheduledMessage(lead: Pick<Lead, '_id' | 'propertyID' | 'pmsLeadId'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['edit-scheduled-message', lead._id],
    mutationFn: (input: EditScheduledInput) => editScheduledMessage(lead._id, input),
    onSuccess: (event) => addConversationEvents(queryClient, lead, [event]),
  });
}

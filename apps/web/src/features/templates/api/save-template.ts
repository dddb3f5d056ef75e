import {
  apiPaths,
  createTemplateRequestSchema,
  messageTemplateSchema,
  updateTemplateRequestSchema,
} from '@leasing/contract';
import type {
  CreateTemplateRequest,
  MessageTemplate,
  UpdateTemplateRequest,
} from '@leasing/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { TEMPLATES_QUERY_KEY } from './get-templates';

/** Adds a template: the company's (managers and admins) or the user's own. */
export function createTemplate(input: CreateTemplateRequest): Promise<MessageTemplate> {
  return apiRequest(apiPaths.templates, {
    method: 'POST',
    body: createTemplateRequestSchema.parse(input),
    schema: messageTemplateSchema,
  });
}

/** Replaces a template's name, channel, texts and variants. */
export function updateTemplate({
  templateId,
  ...input
}: UpdateTemplateRequest & { templateId: string }): Promise<MessageTemplate> {
  return apiRequest(apiPaths.template(templateId), {
    method: 'PUT',
    body: updateTemplateRequestSchema.parse(input),
    schema: messageTemplateSchema,
  });
}

export const useCreateTemplate = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TEMPLATES_QUERY_KEY }),
  });
};

export const useUpdateTemplate = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TEMPLATES_QUERY_KEY }),
  });
};

import { apiPaths, renderedTemplateSchema } from '@leasing/contract';
import type { RenderedTemplate } from '@leasing/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type RenderTemplateInput = {
  leadId: string;
  templateId: string;
  channel: 'SMS' | 'EMAIL';
};

/**
 * The template filled for the lead (its language, every merge field); a field without a value
 * answers 400 naming it.
 */
export function renderTemplate({
  leadId,
  templateId,
  channel,
}: RenderTemplateInput): Promise<RenderedTemplate> {
  return apiRequest(apiPaths.leadTemplateRender(leadId, templateId), {
    method: 'POST',
    body: { channel },
    schema: renderedTemplateSchema,
  });
}

export const useRenderTemplate = () => useMutation({ mutationFn: renderTemplate });

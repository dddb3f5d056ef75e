import { apiPaths, renderedTemplateSchema } from '@leasing/contract';
import type { RenderedTemplate } from '@leasing/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { fetchTemplateFiles } from './template-attachments';

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

/** A filled template and its files for the channel, ready for the composer. */
export type FilledTemplateWithFiles = RenderedTemplate & { files: File[] };

async function renderWithFiles(input: RenderTemplateInput): Promise<FilledTemplateWithFiles> {
  const rendered = await renderTemplate(input);
  return { ...rendered, files: await fetchTemplateFiles(rendered.attachments) };
}

export const useRenderTemplate = () => useMutation({ mutationFn: renderWithFiles });

import { apiPaths, messageTemplateSchema } from '@leasing/contract';
import type { MessageTemplate, TemplateAttachment } from '@leasing/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { TEMPLATES_QUERY_KEY } from './get-templates';

/** Adds files to a template (multipart, one `attachments` part per file); answers the template. */
export function addTemplateAttachments({
  templateId,
  files,
}: {
  templateId: string;
  files: File[];
}): Promise<MessageTemplate> {
  const body = new FormData();
  for (const file of files) body.append('attachments', file, file.name);
  return apiRequest(apiPaths.templateAttachments(templateId), {
    method: 'POST',
    body,
    schema: messageTemplateSchema,
  });
}

/** Takes one file off a template; answers the template. */
export function removeTemplateAttachment({
  templateId,
  attachmentId,
}: {
  templateId: string;
  attachmentId: string;
}): Promise<MessageTemplate> {
  return apiRequest(apiPaths.templateAttachment(templateId, attachmentId), {
    method: 'DELETE',
    schema: messageTemplateSchema,
  });
}

export const useAddTemplateAttachments = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addTemplateAttachments,
    onSettled: () => queryClient.invalidateQueries({ queryKey: TEMPLATES_QUERY_KEY }),
  });
};

export const useRemoveTemplateAttachment = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeTemplateAttachment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: TEMPLATES_QUERY_KEY }),
  });
};

/**
 * A template's stored files as `File`s, for the composer to attach as if they were picked: they
 * are then sent, and may be taken off, like any upload.
 */
export async function fetchTemplateFiles(attachments: TemplateAttachment[]): Promise<File[]> {
  return Promise.all(
    attachments.map(async (attachment) => {
      const response = await fetch(attachment.url);
      if (!response.ok) {
        throw new Error(`${attachment.fileName} could not be loaded from the template.`);
      }
      return new File([await response.arrayBuffer()], attachment.fileName, {
        type: attachment.contentType,
      });
    }),
  );
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiRoutes,
  createTemplateRequestSchema,
  MAX_EMAIL_ATTACHMENTS,
  MAX_EMAIL_ATTACHMENTS_TOTAL_BYTES,
  templateAttachmentParamsSchema,
  templateFitListSchema,
  templateFitQuerySchema,
  leadIdParamsSchema,
  leadTemplateParamsSchema,
  messageTemplateListSchema,
  messageTemplateSchema,
  renderedTemplateSchema,
  renderTemplateRequestSchema,
  templateParamsSchema,
  updateTemplateRequestSchema,
} from '@leasing/contract';
import { badRequest } from '../../lib/errors.js';
import { principalOf } from '../../lib/principal.js';
import { readMultipartSend } from '../messaging/index.js';
import {
  addTemplateAttachments,
  createTemplate,
  deleteTemplate,
  fitTemplates,
  listTemplates,
  removeTemplateAttachment,
  renderTemplate,
  updateTemplate,
  type TemplatesDeps,
} from './templates.service.js';

/**
 * Every staff member: the templates they may use (the company's and their own), their own
 * templates, and a template filled for a lead. Company templates are changed by managers and
 * admins only (checked in the service, since the same routes serve personal ones).
 */
export const templatesRoutes: FastifyPluginAsyncZod<{ deps: TemplatesDeps }> = async (
  app,
  { deps },
) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    apiRoutes.templates,
    { schema: { response: { 200: messageTemplateListSchema } } },
    (request) => listTemplates(deps.db, principalOf(request)),
  );

  app.post(
    apiRoutes.templates,
    {
      schema: { body: createTemplateRequestSchema, response: { 201: messageTemplateSchema } },
    },
    async (request, reply) => {
      const created = await createTemplate(deps, principalOf(request), request.body);
      return reply.status(201).send(created);
    },
  );

  app.put(
    apiRoutes.template,
    {
      schema: {
        params: templateParamsSchema,
        body: updateTemplateRequestSchema,
        response: { 200: messageTemplateSchema },
      },
    },
    (request) =>
      updateTemplate(deps, principalOf(request), request.params.templateId, request.body),
  );

  app.delete(
    apiRoutes.template,
    { schema: { params: templateParamsSchema } },
    async (request, reply) => {
      await deleteTemplate(deps, principalOf(request), request.params.templateId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    apiRoutes.templateAttachments,
    { schema: { params: templateParamsSchema, response: { 200: messageTemplateSchema } } },
    (request) => {
      if (!request.isMultipart()) {
        throw badRequest('body', 'send multipart/form-data with one attachments part per file');
      }
      // Read at most an email's files (the larger limit); the template's channel judges them.
      const readFiles = async () =>
        (
          await readMultipartSend(request, {
            maxFiles: MAX_EMAIL_ATTACHMENTS,
            maxBytes: MAX_EMAIL_ATTACHMENTS_TOTAL_BYTES,
          })
        ).files;
      return addTemplateAttachments(
        deps,
        principalOf(request),
        request.params.templateId,
        readFiles,
      );
    },
  );

  app.delete(
    apiRoutes.templateAttachment,
    {
      schema: { params: templateAttachmentParamsSchema, response: { 200: messageTemplateSchema } },
    },
    (request) =>
      removeTemplateAttachment(
        deps,
        principalOf(request),
        request.params.templateId,
        request.params.attachmentId,
      ),
  );

  app.get(
    apiRoutes.leadTemplateFit,
    {
      schema: {
        params: leadIdParamsSchema,
        querystring: templateFitQuerySchema,
        response: { 200: templateFitListSchema },
      },
    },
    (request) => fitTemplates(deps, principalOf(request), request.params.leadId, request.query),
  );

  app.post(
    apiRoutes.leadTemplateRender,
    {
      schema: {
        params: leadTemplateParamsSchema,
        body: renderTemplateRequestSchema,
        response: { 200: renderedTemplateSchema },
      },
    },
    (request) =>
      renderTemplate(
        deps,
        principalOf(request),
        request.params.leadId,
        request.params.templateId,
        request.body,
      ),
  );
};

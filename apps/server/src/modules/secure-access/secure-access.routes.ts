import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accessLinkSchema,
  apiRoutes,
  createAccessLinkRequestSchema,
  leadIdParamsSchema,
  secureAccessLeadSchema,
} from '@leasing/contract';
import { forbidden } from '../../lib/errors.js';
import { principalOf, userActor } from '../../lib/principal.js';
import { getCompanyLead } from '../lead/index.js';
import { createLeadAccessLink, type AccessLinkDeps } from './access-links.service.js';

export const secureAccessRoutes: FastifyPluginAsyncZod<{ accessLinks: AccessLinkDeps }> = async (
  app,
  { accessLinks },
) => {
  app.addHook('onRequest', app.authenticate);

  /** Staff share the open lead: the link acts for the staff member who mints it. */
  app.post(
    apiRoutes.leadAccessLinks,
    {
      schema: {
        params: leadIdParamsSchema,
        body: createAccessLinkRequestSchema.optional(),
        response: { 200: accessLinkSchema },
      },
    },
    (request) => {
      const principal = principalOf(request);
      return createLeadAccessLink(accessLinks, {
        companyId: principal.companyId,
        leadId: request.params.leadId,
        userEmail: principal.email,
        ttlSeconds: request.body?.ttlSeconds,
        actor: userActor(principal),
      });
    },
  );

  /** The lead a secure-access token opens, so the page knows which pane to load. */
  app.get(
    apiRoutes.secureAccessLead,
    { schema: { response: { 200: secureAccessLeadSchema } } },
    async (request) => {
      const access = request.leadAccess;
      // A staff session opens leads by their own URLs; this answers secure links only.
      if (!access) throw forbidden();
      const lead = await getCompanyLead(
        app.database.db,
        principalOf(request).companyId,
        access.leadId,
      );
      return {
        leadID: lead.id,
        propertyID: lead.propertyId,
        pmsLeadId: lead.pmsLeadId,
        expiresAt: access.expiresAt.toISOString(),
      };
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoutes, meSchema, updateMeRequestSchema } from '@leasing/contract';
import { principalOf } from '../../lib/principal.js';
import { getMe, updateMe, type ProfileDeps } from './profile.service.js';

/** The signed-in person's own profile: who they are, and the phone click-to-call rings. */
export const profileRoutes: FastifyPluginAsyncZod<{ deps: ProfileDeps }> = async (
  app,
  { deps },
) => {
  app.addHook('onRequest', app.authenticate);

  app.get(apiRoutes.me, { schema: { response: { 200: meSchema } } }, (request) =>
    getMe(deps.db, principalOf(request)),
  );

  app.patch(
    apiRoutes.me,
    { schema: { body: updateMeRequestSchema, response: { 200: meSchema } } },
    (request) => updateMe(deps, principalOf(request), request.body),
  );
};

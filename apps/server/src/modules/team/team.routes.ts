import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  acceptInvitationRequestSchema,
  apiRoutes,
  changeRoleRequestSchema,
  invitationParamsSchema,
  invitationSchema,
  inviteTeammateRequestSchema,
  loginResponseSchema,
  teamMemberListSchema,
  teamMemberSchema,
  teamUserParamsSchema,
} from '@leasing/contract';
import { ADMINS_ONLY, principalOf, userActor } from '../../lib/principal.js';
import { beginSession } from '../auth/sessions.service.js';
import {
  acceptInvitation,
  changeRole,
  deactivateUser,
  describeInvitation,
  inviteTeammate,
  listTeam,
  reactivateUser,
  type TeamDeps,
} from './team.service.js';

/** Settings → Team (admins): invite, change roles, deactivate and reactivate. */
export const teamRoutes: FastifyPluginAsyncZod<{ deps: TeamDeps }> = async (app, { deps }) => {
  app.addHook('onRequest', app.authenticate);
  const admins = { roles: ADMINS_ONLY };
  const teamList = { 200: teamMemberListSchema };

  app.get(apiRoutes.team, { config: admins, schema: { response: teamList } }, (request) =>
    listTeam(deps, principalOf(request).companyId),
  );

  app.post(
    apiRoutes.teamInvitations,
    {
      config: admins,
      schema: { body: inviteTeammateRequestSchema, response: { 201: teamMemberSchema } },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const invited = await inviteTeammate(
        deps,
        { id: principal.companyId, name: principal.companyName },
        request.body,
        userActor(principal),
      );
      return reply.status(201).send(invited);
    },
  );

  app.patch(
    apiRoutes.teamMember,
    {
      config: admins,
      schema: {
        params: teamUserParamsSchema,
        body: changeRoleRequestSchema,
        response: teamList,
      },
    },
    async (request) => {
      const principal = principalOf(request);
      await changeRole(
        deps,
        principal.companyId,
        request.params.userId,
        request.body.role,
        userActor(principal),
      );
      return listTeam(deps, principal.companyId);
    },
  );

  app.post(
    apiRoutes.teamDeactivate,
    { config: admins, schema: { params: teamUserParamsSchema, response: teamList } },
    async (request) => {
      const principal = principalOf(request);
      await deactivateUser(deps, principal.companyId, request.params.userId, userActor(principal));
      return listTeam(deps, principal.companyId);
    },
  );

  app.post(
    apiRoutes.teamReactivate,
    { config: admins, schema: { params: teamUserParamsSchema, response: teamList } },
    async (request) => {
      const principal = principalOf(request);
      await reactivateUser(deps, principal.companyId, request.params.userId, userActor(principal));
      return listTeam(deps, principal.companyId);
    },
  );
};

/** The invitation link's page: public, the token is the credential. */
export const invitationRoutes: FastifyPluginAsyncZod<{ deps: TeamDeps }> = async (
  app,
  { deps },
) => {
  const limited = {
    rateLimit: {
      max: app.config.auth.loginIpLimitPerMinute,
      timeWindow: '1 minute',
      keyGenerator: (request: { ip: string }) => `invitation:${request.ip}`,
    },
  };

  app.get(
    apiRoutes.invitation,
    {
      config: limited,
      schema: { params: invitationParamsSchema, response: { 200: invitationSchema } },
    },
    (request) => describeInvitation(deps, request.params.token),
  );

  app.post(
    apiRoutes.invitationAccept,
    {
      config: limited,
      schema: {
        params: invitationParamsSchema,
        body: acceptInvitationRequestSchema,
        response: { 200: loginResponseSchema },
      },
    },
    async (request, reply) => {
      const userId = await acceptInvitation(deps, request.params.token, request.body.password);
      return beginSession(app, reply, userId);
    },
  );
};

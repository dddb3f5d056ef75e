import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  acceptInvitationRequestSchema,
  apiRoutes,
  changeRoleRequestSchema,
  invitationLinkSchema,
  invitationParamsSchema,
  invitationSchema,
  inviteTeammateRequestSchema,
  loginResponseSchema,
  teamMemberListSchema,
  teamInvitationParamsSchema,
  teamMemberSchema,
  teamUserParamsSchema,
} from '@leasing/contract';
import { ADMINS_ROUTE, principalOf, userActor } from '../../lib/principal.js';
import { beginSession } from '../auth/index.js';
import {
  acceptInvitation,
  changeRole,
  copyInvitationLink,
  deactivateUser,
  describeInvitation,
  inviteTeammate,
  listTeam,
  reactivateUser,
  revokeInvitation,
  type TeamDeps,
} from './team.service.js';

/**
 * Settings → Team (admins): invite, revoke or copy an invitation's link, change roles, deactivate
 * and reactivate.
 */
export const teamRoutes: FastifyPluginAsyncZod<{ deps: TeamDeps }> = async (app, { deps }) => {
  app.addHook('onRequest', app.authenticate);
  const teamList = { 200: teamMemberListSchema };

  app.get(apiRoutes.team, { config: ADMINS_ROUTE, schema: { response: teamList } }, (request) =>
    listTeam(deps, principalOf(request).companyId),
  );

  app.post(
    apiRoutes.teamInvitations,
    {
      config: ADMINS_ROUTE,
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

  app.post(
    apiRoutes.teamInvitationRevoke,
    { config: ADMINS_ROUTE, schema: { params: teamInvitationParamsSchema, response: teamList } },
    async (request) => {
      const principal = principalOf(request);
      await revokeInvitation(
        deps,
        principal.companyId,
        request.params.invitationId,
        userActor(principal),
      );
      return listTeam(deps, principal.companyId);
    },
  );

  app.post(
    apiRoutes.teamInvitationLink,
    {
      config: ADMINS_ROUTE,
      schema: { params: teamInvitationParamsSchema, response: { 200: invitationLinkSchema } },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const link = await copyInvitationLink(
        deps,
        principal.companyId,
        request.params.invitationId,
        userActor(principal),
      );
      // A credential: no cache anywhere keeps it.
      return reply.header('cache-control', 'no-store').send(link);
    },
  );

  app.patch(
    apiRoutes.teamMember,
    {
      config: ADMINS_ROUTE,
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
    { config: ADMINS_ROUTE, schema: { params: teamUserParamsSchema, response: teamList } },
    async (request) => {
      const principal = principalOf(request);
      await deactivateUser(deps, principal.companyId, request.params.userId, userActor(principal));
      return listTeam(deps, principal.companyId);
    },
  );

  app.post(
    apiRoutes.teamReactivate,
    { config: ADMINS_ROUTE, schema: { params: teamUserParamsSchema, response: teamList } },
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

import type { FastifyPluginAsync } from 'fastify';
import { userRoom } from '../../lib/socket-rooms.js';
import { invitationRoutes, teamRoutes } from './team.routes.js';
import type { TeamDeps } from './team.service.js';

export type TeamModuleOptions = { now: TeamDeps['now'] };

/** The company's people (Settings → Team) and the public invitation link. */
export const teamModule: FastifyPluginAsync<TeamModuleOptions> = async (app, { now }) => {
  const deps: TeamDeps = {
    db: app.database.db,
    events: app.events,
    queue: app.queue,
    now,
    publicUrl: app.config.publicUrl,
    inviteTtlHours: app.config.auth.inviteTtlHours,
    // Every socket of the user, whichever sign-in opened it.
    onUserDeactivated: (userId) => app.io.in(userRoom(userId)).disconnectSockets(true),
  };
  await app.register(teamRoutes, { deps });
  await app.register(invitationRoutes, { deps });
};

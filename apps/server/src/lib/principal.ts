import type { FastifyRequest } from 'fastify';
import type { StaffRole } from '@leasing/contract';
import type { Socket } from 'socket.io';
import { unauthorized } from './errors.js';

/** The staff user a request or socket acts for, with their company. */
export type Principal = {
  id: string;
  email: string;
  name: string;
  pictureUrl: string | null;
  passwordHash: string | null;
  companyId: string;
  companyName: string;
  companyStatus: 'ACTIVE' | 'MODERATOR';
  role: StaffRole;
  /** Set once an admin deactivated the user: nothing they hold works any more. */
  deactivatedAt: Date | null;
  /** ID tokens issued before this moment are refused. */
  tokensValidAfter: Date | null;
};

export type Session = {
  principal: Principal;
  expiresAt: Date;
  /** The sign-in (refresh family) a token of ours belongs to; none for other tokens. */
  sessionId?: string;
};

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation
  interface FastifyContextConfig {
    /**
     * The staff roles that may call the route; every role when absent. Checked by `authenticate`
     * before the handler runs (403 'User is not permitted').
     */
    roles?: readonly StaffRole[];
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation
  interface FastifyRequest {
    principal: Principal | null;
    /** Set when the request came with a secure-access token: the one lead it may reach. */
    leadAccess: { leadId: string; expiresAt: Date } | null;
  }
}

/** The token of an `Authorization: Bearer …` header, if there is one. */
export const bearerToken = (header: string | undefined) => {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
};

/** The signed-in staff user of a request that went through `authenticate`. */
export const principalOf = (request: FastifyRequest): Principal => {
  if (!request.principal) throw unauthorized();
  return request.principal;
};

/**
 * What a socket keeps of its user: `socket.data` travels to other processes through Redis
 * (`fetchSockets()`), so it holds who the user is and never their password hash or token state.
 */
export type SocketPrincipal = Pick<Principal, 'id' | 'name' | 'companyId' | 'role'>;

export const toSocketPrincipal = ({ id, name, companyId, role }: Principal): SocketPrincipal => ({
  id,
  name,
  companyId,
  role,
});

/** The staff user a connected socket acts for (set by the handshake, kept by re-authentication). */
export const socketPrincipal = (socket: Socket): SocketPrincipal =>
  (socket.data as { principal: SocketPrincipal }).principal;

/** The one lead a secure-access socket may hear about; null for a staff socket. */
export const socketLeadScope = (socket: Socket): string | null =>
  (socket.data as { leadScope?: string }).leadScope ?? null;

/** Routes only a company's admins may use: users, numbers, API keys, webhooks, settings, audit. */
export const ADMINS_ONLY = ['admin'] as const satisfies readonly StaffRole[];
/** The config of a route only a company's admins may use (`authenticate` checks it). */
export const ADMINS_ROUTE = { roles: ADMINS_ONLY };
/** Routes for managers and admins: reassigning anyone's leads, the team's workload, assignment
 * rules, lost reasons, company templates, reports. */
export const MANAGERS_AND_ADMINS = ['admin', 'manager'] as const satisfies readonly StaffRole[];
export const MANAGERS_ROUTE = { roles: MANAGERS_AND_ADMINS };

/** Whether the principal's role may use a route that admits `roles` (every role when absent). */
export const roleAllows = (principal: Pick<Principal, 'role'>, roles?: readonly StaffRole[]) =>
  !roles || roles.includes(principal.role);

/** The sign-in a staff socket belongs to, when its token named one. */
export const socketSessionId = (socket: Socket): string | undefined =>
  (socket.data as { sessionId?: string }).sessionId;

/** The principal as the actor of a domain event. */
export const userActor = (principal: Pick<Principal, 'id' | 'name'>) => ({
  kind: 'user' as const,
  userId: principal.id,
  name: principal.name,
});

/** A change a signed-in staff user makes: their company, and who the audit trail names. */
export const staffChange = (request: FastifyRequest) => {
  const principal = principalOf(request);
  return { principal, companyId: principal.companyId, actor: userActor(principal) };
};

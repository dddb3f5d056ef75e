import type { FastifyRequest } from 'fastify';
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
};

export type Session = {
  principal: Principal;
  expiresAt: Date;
  /** The sign-in (refresh family) a token of ours belongs to; none for other tokens. */
  sessionId?: string;
};

declare module 'fastify' {
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

/** The staff user a connected socket acts for (set by the handshake, kept by re-authentication). */
export const socketPrincipal = (socket: Socket): Principal =>
  (socket.data as { principal: Principal }).principal;

/** The one lead a secure-access socket may hear about; null for a staff socket. */
export const socketLeadScope = (socket: Socket): string | null =>
  (socket.data as { leadScope?: string }).leadScope ?? null;

/** The sign-in a staff socket belongs to, when its token named one. */
export const socketSessionId = (socket: Socket): string | undefined =>
  (socket.data as { sessionId?: string }).sessionId;

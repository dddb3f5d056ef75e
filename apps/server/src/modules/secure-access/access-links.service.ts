import { decodeJwt } from 'jose';
import {
  ACCESS_LINK_DEFAULT_TTL_SECONDS,
  ACCESS_LINK_MAX_TTL_SECONDS,
  ACCESS_LINK_MIN_TTL_SECONDS,
  type AccessLink,
} from '@leasing/contract';
import type { Db } from '../../db/client.js';
import { domainEvent, type Actor } from '../../events/domain-events.js';
import type { EventPort } from '../../events/event-port.js';
import { badRequest } from '../../lib/errors.js';
import { findUserByEmail, type TokenService } from '../auth/index.js';
import { getCompanyLead } from '../lead/index.js';

/** What minting a link needs, built once by the composition root. */
export type AccessLinkDeps = {
  db: Db;
  events: EventPort;
  /** The console's public URL: the link opens `/secure-access` there. */
  publicUrl: string;
  signLeadAccessToken: TokenService['signLeadAccessToken'];
};

export type CreateLeadAccessLinkInput = {
  companyId: string;
  leadId: string;
  /** The staff member the link acts for: sends and notes made through it carry their name. */
  userEmail: string;
  ttlSeconds?: number;
  /**
   * Who asks for the link: the staff member themself, or an integration key — which then acts as
   * the staff member of `userEmail`, and is recorded so (`actingAsUserId` is filled in here).
   */
  actor?: Actor;
};

/**
 * Mints a secure-access link for one lead: the pane of that lead, without a password, until the
 * token expires. Staff mint it from the pane, integrations through their API; both land here.
 */
export const createLeadAccessLink = async (
  deps: AccessLinkDeps,
  {
    companyId,
    leadId,
    userEmail,
    ttlSeconds = ACCESS_LINK_DEFAULT_TTL_SECONDS,
    actor = { kind: 'system' },
  }: CreateLeadAccessLinkInput,
): Promise<AccessLink> => {
  if (
    !Number.isInteger(ttlSeconds) ||
    ttlSeconds < ACCESS_LINK_MIN_TTL_SECONDS ||
    ttlSeconds > ACCESS_LINK_MAX_TTL_SECONDS
  ) {
    throw badRequest(
      'body.ttlSeconds',
      `whole seconds from ${ACCESS_LINK_MIN_TTL_SECONDS} to ${ACCESS_LINK_MAX_TTL_SECONDS}`,
    );
  }
  const { db } = deps;
  const lead = await getCompanyLead(db, companyId, leadId);
  const user = await findUserByEmail(db, userEmail);
  // Said the same way for an unknown address and another company's user: neither may be named.
  if (!user || user.companyId !== companyId || user.deactivatedAt) {
    throw badRequest('body.userEmail', 'no staff member of this company has this email');
  }
  const token = await deps.signLeadAccessToken(
    { userId: user.id, companyId, leadId: lead.id },
    ttlSeconds,
  );
  const url = new URL('/secure-access', deps.publicUrl);
  url.searchParams.set('access_token', token);
  const expiresAt = new Date((decodeJwt(token).exp ?? 0) * 1000).toISOString();
  // A link is a credential: who made it, for whom, is on the audit trail before it is handed out.
  await deps.events.transaction(async ({ record }) =>
    record(
      domainEvent('access_link.created', {
        companyId,
        leadId: lead.id,
        actingAsUserId: user.id,
        expiresAt,
        actor: actor.kind === 'api-key' ? { ...actor, actingAsUserId: user.id } : actor,
      }),
    ),
  );
  return { url: url.toString(), token, expiresAt };
};

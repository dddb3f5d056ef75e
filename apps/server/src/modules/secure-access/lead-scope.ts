import { eq } from 'drizzle-orm';
import { apiRoutes } from '@leasing/contract';
import type { Db } from '../../db/client.js';
import { leads, type LeadRow } from '../../db/schema/index.js';
import { unauthorized } from '../../lib/errors.js';
import type { TokenService } from '../auth/index.js';
import type { Principal } from '../../lib/principal.js';
import { findUserById } from '../auth/index.js';

/** A verified secure-access token: the staff user it acts for and the one lead it opens. */
export type LeadAccessSession = { principal: Principal; lead: LeadRow; expiresAt: Date };

type RouteParams = Record<string, string | undefined>;
type ScopeCheck = (params: RouteParams, lead: LeadRow) => boolean;

/** Routes about the acting user or the link itself, not about a lead. */
const noLeadInPath: ScopeCheck = () => true;
const leadIdInPath: ScopeCheck = (params, lead) => params.leadId === lead.id;

/**
 * Every route a secure-access token reaches, and how its path must name the token's lead. What is
 * not listed answers 403 for such a token, so a route added later stays staff-only until it is
 * listed here on purpose. Keys are Fastify route patterns.
 */
const LEAD_SCOPED_ROUTES: Readonly<Record<string, ScopeCheck>> = {
  [`GET ${apiRoutes.me}`]: noLeadInPath,
  [`GET ${apiRoutes.secureAccessLead}`]: noLeadInPath,
  [`GET ${apiRoutes.lead}`]: (params, lead) =>
    params.propertyId === lead.propertyId && params.pmsLeadId === lead.pmsLeadId,
  [`GET ${apiRoutes.leadConversations}`]: leadIdInPath,
  // The pane's jump to a date and search inside the conversation read the same timeline.
  [`GET ${apiRoutes.leadConversationsAround}`]: leadIdInPath,
  [`GET ${apiRoutes.leadConversationsSearch}`]: leadIdInPath,
  [`GET ${apiRoutes.leadNotes}`]: leadIdInPath,
  [`POST ${apiRoutes.leadNotes}`]: leadIdInPath,
  [`POST ${apiRoutes.leadSms}`]: leadIdInPath,
  [`POST ${apiRoutes.leadEmail}`]: leadIdInPath,
  // The pane marks its lead read for the user the link acts for.
  [`POST ${apiRoutes.leadRead}`]: leadIdInPath,
  [`PUT ${apiRoutes.officeDecision}`]: (params, lead) =>
    params.companyId === lead.companyId && params.leadId === lead.id,
};

/** Whether a request to this route, with these path parameters, stays on the token's lead. */
export const leadScopeAllows = (
  route: { method: string; url: string | undefined; params: unknown },
  lead: LeadRow,
): boolean => {
  const check = route.url ? LEAD_SCOPED_ROUTES[`${route.method} ${route.url}`] : undefined;
  return check ? check((route.params ?? {}) as RouteParams, lead) : false;
};

/**
 * Verifies a secure-access token and loads what it names. The user must still belong to the
 * company it was minted in, be active and not deactivated since it was minted, and the lead still be
 * that company's: otherwise the link is dead (401).
 */
export const createLeadAccessResolver =
  (db: Db, tokens: TokenService) =>
  async (token: string): Promise<LeadAccessSession> => {
    let claims;
    try {
      claims = await tokens.verifyLeadAccessToken(token);
    } catch {
      throw unauthorized('This secure link has expired or is invalid. Ask for a new one.');
    }
    const principal = await findUserById(db, claims.userId);
    const [lead] = await db.select().from(leads).where(eq(leads.id, claims.leadId));
    if (
      !principal ||
      principal.deactivatedAt ||
      !lead ||
      principal.companyId !== claims.companyId ||
      lead.companyId !== claims.companyId
    ) {
      throw unauthorized('This secure link no longer opens a lead. Ask for a new one.');
    }
    // Deactivation ends every token the user held, links included, even once reactivated.
    if (principal.tokensValidAfter && claims.issuedAt < principal.tokensValidAfter) {
      throw unauthorized('This secure link has been withdrawn. Ask for a new one.');
    }
    return { principal, lead, expiresAt: claims.expiresAt };
  };

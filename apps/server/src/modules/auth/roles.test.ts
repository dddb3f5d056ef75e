import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { staffRoles, type StaffRole } from '@leasing/contract';
import { createOffice, createUser } from '../../test/factories.js';
import { databaseTargets } from '../../test/test-app.js';
import { useTestApp } from '../../test/use-test-app.js';

/**
 * The role rule of every route, written here independently of the code that enforces it:
 * - `admin`: only a company's admins (users, numbers, API keys, webhooks, settings, audit);
 * - `manager`: managers and admins;
 * - `staff`: every signed-in staff role;
 * - `secure-link`: only a secure-access link's token, never a staff session;
 * - `outside`: not for staff tokens at all (sign-in, webhooks, integration keys, payer pages,
 *   health, public config, docs, media files).
 * A route the app serves that is missing here fails the test: no route is added without a rule.
 */
type Rule = 'admin' | 'manager' | 'staff' | 'secure-link' | 'outside';

const RULES: Record<string, Rule> = {
  'POST /api/auth/login': 'outside',
  'POST /api/auth/refresh': 'outside',
  'POST /api/auth/logout': 'outside',
  'GET /api/me': 'staff',
  'GET /.well-known/jwks.json': 'outside',
  'GET /api/config': 'outside',
  'GET /healthz': 'outside',
  'GET /readyz': 'outside',
  'GET /metrics': 'outside',
  'GET /api/properties': 'staff',
  'GET /api/properties/:propertyId/leads': 'staff',
  'GET /api/properties/:propertyId/leads/:pmsLeadId': 'staff',
  'GET /api/leads/:leadId/conversations': 'staff',
  'GET /api/leads/:leadId/conversations/around': 'staff',
  'GET /api/leads/:leadId/conversations/search': 'staff',
  'GET /api/leads/:leadId/notes': 'staff',
  'POST /api/leads/:leadId/notes': 'staff',
  'PATCH /api/leads/:leadId': 'staff',
  'POST /api/leads/:leadId/sms': 'staff',
  'POST /api/leads/:leadId/email': 'staff',
  'POST /api/leads/:leadId/messages/:messageId/retry': 'staff',
  'PATCH /api/leads/:leadId/messages/:messageId/schedule': 'staff',
  'DELETE /api/leads/:leadId/messages/:messageId/schedule': 'staff',
  'POST /api/leads/:leadId/messages/:messageId/send-now': 'staff',
  'GET /api/outbox': 'staff',
  'GET /media/:file': 'outside',
  'GET /media/demo/*': 'outside',
  'GET /api/unmatched-messages': 'staff',
  'GET /api/unmatched-messages/count': 'staff',
  'POST /api/unmatched-messages/:messageId/assign': 'staff',
  'POST /api/unmatched-messages/:messageId/lead': 'staff',
  'POST /api/unmatched-messages/:messageId/dismiss': 'staff',
  'POST /api/sandbox/inbound-sms': 'staff',
  'GET /api/inbox': 'staff',
  'POST /api/leads/:leadId/read': 'staff',
  'PUT /api/leads/:leadId/owner': 'staff',
  'POST /api/leads/owner': 'staff',
  'GET /api/staff': 'staff',
  'GET /api/today': 'staff',
  'GET /api/assignment-rules': 'manager',
  'PUT /api/properties/:propertyId/assignment': 'admin',
  'GET /api/leads/:leadId/draft': 'staff',
  'PUT /api/leads/:leadId/draft': 'staff',
  'DELETE /api/leads/:leadId/draft': 'staff',
  'PUT /api/leads/:leadId/follow-up': 'staff',
  'GET /api/templates': 'staff',
  'POST /api/templates': 'staff',
  'PUT /api/templates/:templateId': 'staff',
  'DELETE /api/templates/:templateId': 'staff',
  'POST /api/templates/:templateId/attachments': 'staff',
  'DELETE /api/templates/:templateId/attachments/:attachmentId': 'staff',
  'POST /api/leads/:leadId/templates/:templateId/render': 'staff',
  'GET /api/settings/office-hours': 'admin',
  'PUT /api/settings/response-target': 'admin',
  'PUT /api/properties/:propertyId/office-hours': 'admin',
  'GET /api/settings/quiet-hours': 'admin',
  'PUT /api/settings/quiet-hours': 'admin',
  'GET /api/tours': 'staff',
  'GET /api/properties/:propertyId/tours': 'staff',
  'PUT /api/companies/:companyId/leads/:leadId/office-decision': 'staff',
  'POST /api/companies/:companyId/leads/:leadId/office-decision/reopen': 'staff',
  'PUT /api/leads/:leadId/status': 'staff',
  'POST /api/leads/:leadId/tour-outcome': 'staff',
  'GET /api/lost-reasons': 'staff',
  'POST /api/lost-reasons': 'admin',
  'PATCH /api/lost-reasons/:reasonId': 'admin',
  'DELETE /api/lost-reasons/:reasonId': 'admin',
  'POST /api/leads/:leadId/access-links': 'staff',
  'GET /api/secure-access/lead': 'secure-link',
  'GET /api/api-keys': 'admin',
  'POST /api/api-keys': 'admin',
  'DELETE /api/api-keys/:apiKeyId': 'admin',
  'GET /api/numbers': 'admin',
  'POST /api/numbers': 'admin',
  'DELETE /api/numbers/:numberId': 'admin',
  'GET /api/team': 'admin',
  'POST /api/team/invitations': 'admin',
  'PATCH /api/team/:userId': 'admin',
  'POST /api/team/:userId/deactivate': 'admin',
  'POST /api/team/:userId/reactivate': 'admin',
  'GET /api/invitations/:token': 'outside',
  'POST /api/invitations/:token/accept': 'outside',
  'GET /api/audit': 'admin',
  'GET /api/audit/export': 'admin',
  'GET /api/webhooks/endpoints': 'admin',
  'POST /api/webhooks/endpoints': 'admin',
  'PATCH /api/webhooks/endpoints/:endpointId': 'admin',
  'DELETE /api/webhooks/endpoints/:endpointId': 'admin',
  'POST /api/webhooks/endpoints/:endpointId/rotate-secret': 'admin',
  'GET /api/webhooks/deliveries': 'admin',
  'GET /api/webhooks/deliveries/:deliveryId': 'admin',
  'POST /api/webhooks/deliveries/:deliveryId/redeliver': 'admin',
  'GET /api/leads/:leadId/payment-links': 'staff',
  'POST /api/leads/:leadId/payment-links': 'staff',
  'POST /api/leads/:leadId/opt-out-reviews/:eventId': 'staff',
  'GET /unsubscribe/:token': 'outside',
  'POST /unsubscribe/:token': 'outside',
  'GET /api/notifications': 'staff',
  'POST /api/notifications/read': 'staff',
  'POST /api/notifications/read-all': 'staff',
  'GET /api/pay/link': 'outside',
  'POST /api/pay/checkout': 'outside',
  'POST /api/pay/checkout-session': 'outside',
  'PUT /api/integrations/v1/properties/:pmsPropertyId': 'outside',
  'PUT /api/integrations/v1/properties/:pmsPropertyId/leads/:pmsLeadId': 'outside',
  'GET /api/integrations/v1/properties/:pmsPropertyId/leads/:pmsLeadId': 'outside',
  'POST /api/integrations/v1/properties/:pmsPropertyId/leads/:pmsLeadId/events': 'outside',
  'POST /api/integrations/v1/properties/:pmsPropertyId/leads/:pmsLeadId/access-links': 'outside',
  'POST /webhooks/twilio/inbound': 'outside',
  'POST /webhooks/twilio/status': 'outside',
  'POST /webhooks/email/inbound': 'outside',
  'POST /webhooks/stripe': 'outside',
};

const allowed: Record<Rule, readonly StaffRole[]> = {
  admin: ['admin'],
  manager: ['admin', 'manager'],
  staff: staffRoles,
  'secure-link': [],
  outside: staffRoles,
};

describe.each(databaseTargets())('the role rule of every route ($name)', (target) => {
  const ctx = useTestApp(target, {
    seed: 'none',
    env: {
      PAYMENT_HOST: 'pay.localhost',
      INBOUND_EMAIL_SECRET: 'a-secret-of-sixteen-chars',
      METRICS_TOKEN: 'a-metrics-token-of-sixteen-chars',
      STRIPE_SECRET_KEY: 'sk_test_roles',
      STRIPE_WEBHOOK_SECRET: 'whsec_roles',
      STRIPE_API_URL: 'http://127.0.0.1:9',
    },
  });

  const routes = () => ctx.app.routeCatalog.filter((route) => !route.url.startsWith('/api/docs'));

  it('has a rule for every route the app serves, and every rule names a route', () => {
    const served = routes().map((route) => `${route.method} ${route.url}`);
    expect(served.filter((key) => !(key in RULES))).toEqual([]);
    expect(Object.keys(RULES).filter((key) => !served.includes(key))).toEqual([]);
  });

  it('answers 403 "User is not permitted" to the roles a staff route does not admit, and lets the others through', async () => {
    const office = await createOffice(ctx.db);
    const tokens = Object.fromEntries(
      await Promise.all(
        staffRoles.map(async (role) => {
          const { credentials } = await createUser(ctx.db, office.company.id, { role });
          return [role, await ctx.signIn(credentials)] as const;
        }),
      ),
    ) as Record<StaffRole, string>;

    const outcomes: string[] = [];
    const expected: string[] = [];
    for (const route of routes()) {
      const rule = RULES[`${route.method} ${route.url}`];
      if (!rule || rule === 'outside') continue;
      // Any value fills a parameter: the role is judged before the route looks anything up.
      const url = route.url
        .replace(':companyId', office.company.id)
        .replace(/:[A-Za-z]+/g, () => randomUUID());
      for (const role of staffRoles) {
        const response = await ctx.request<{ error?: { message?: string } }>(
          route.method as 'GET',
          url,
          { as: tokens[role] },
        );
        expect(response.status, `${role} → ${route.method} ${route.url}`).not.toBe(401);
        const refused =
          response.status === 403 && response.body?.error?.message === 'User is not permitted';
        outcomes.push(
          `${role} ${route.method} ${route.url}: ${refused ? 'refused' : 'let through'}`,
        );
        expected.push(
          `${role} ${route.method} ${route.url}: ${allowed[rule].includes(role) ? 'let through' : 'refused'}`,
        );
      }
    }
    // Both kinds occur, so the comparison below can fail either way.
    expect(expected.some((line) => line.endsWith('refused'))).toBe(true);
    expect(expected.some((line) => line.endsWith('let through'))).toBe(true);
    expect(outcomes).toEqual(expected);
  });
});

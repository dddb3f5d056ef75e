import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import {
  socketEvents,
  staffRoles,
  type NewConversationDelivery,
  type OutboxEntry,
  type PresenceSnapshot,
  type PresenceTyping,
  type StaffRole,
} from '@leasing/contract';
import { conversationEvents, type LeadRow } from '../../db/schema/index.js';
import {
  createConversationEvent,
  createLead,
  createOffice,
  createPhoneNumber,
  createUser,
  uniqueEmail,
  type Office,
} from '../../test/factories.js';
import { createSocketOpener, recordAll, until } from '../../test/sockets.js';
import { oneDatabase } from '../../test/test-app.js';
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
  'PATCH /api/me': 'staff',
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
  'GET /api/outbox': 'admin',
  'GET /media/:file': 'outside',
  'GET /media/demo/*': 'outside',
  'GET /api/unmatched-messages': 'staff',
  'GET /api/unmatched-messages/count': 'staff',
  'POST /api/unmatched-messages/:messageId/assign': 'staff',
  'POST /api/unmatched-messages/:messageId/lead': 'staff',
  'POST /api/unmatched-messages/:messageId/dismiss': 'staff',
  'POST /api/sandbox/inbound-sms': 'admin',
  'GET /api/inbox': 'staff',
  'GET /api/inbox/export.csv': 'staff',
  'POST /api/leads/:leadId/read': 'staff',
  'PUT /api/leads/:leadId/owner': 'staff',
  'POST /api/leads/owner': 'staff',
  'GET /api/staff': 'staff',
  'GET /api/today': 'staff',
  'GET /api/workload': 'manager',
  'GET /api/assignment-rules': 'manager',
  'PUT /api/properties/:propertyId/assignment': 'manager',
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
  'GET /api/leads/:leadId/templates/fit': 'staff',
  'GET /api/settings/office-hours': 'admin',
  'PUT /api/settings/response-target': 'admin',
  'PUT /api/properties/:propertyId/office-hours': 'admin',
  'GET /api/settings/quiet-hours': 'admin',
  'PUT /api/settings/quiet-hours': 'admin',
  'GET /api/settings/tours': 'staff',
  'PUT /api/settings/tours': 'admin',
  'GET /api/settings/calls': 'staff',
  'PUT /api/settings/calls': 'admin',
  'GET /api/me/tour-calendar': 'staff',
  'POST /api/me/tour-calendar': 'staff',
  'DELETE /api/me/tour-calendar': 'staff',
  'GET /api/public/tour-calendar/:file': 'outside',
  'GET /api/tours': 'staff',
  'GET /api/properties/:propertyId/tours': 'staff',
  'GET /api/properties/:propertyId/tour-availability': 'staff',
  'PUT /api/properties/:propertyId/tour-availability': 'manager',
  'GET /api/properties/:propertyId/tour-slots': 'staff',
  'GET /api/properties/:propertyId/voice': 'manager',
  'PUT /api/properties/:propertyId/voice': 'admin',
  'GET /api/calls/:callId/recording': 'staff',
  'POST /api/leads/:leadId/calls': 'staff',
  'POST /api/leads/:leadId/calls/simulate': 'staff',
  'POST /api/leads/:leadId/tours': 'staff',
  'PATCH /api/tours/:tourId': 'staff',
  'DELETE /api/tours/:tourId': 'staff',
  'GET /api/leads/:leadId/booking-link': 'staff',
  'GET /api/public/book/:propertyId': 'outside',
  'GET /api/public/book/:propertyId/slots': 'outside',
  'POST /api/public/book/:propertyId/code': 'outside',
  'POST /api/public/book/:propertyId/cancel': 'outside',
  'POST /api/public/book/:propertyId': 'outside',
  'PUT /api/companies/:companyId/leads/:leadId/office-decision': 'staff',
  'POST /api/companies/:companyId/leads/:leadId/office-decision/reopen': 'staff',
  'PUT /api/leads/:leadId/status': 'staff',
  'POST /api/leads/:leadId/tour-outcome': 'staff',
  'GET /api/lost-reasons': 'staff',
  'POST /api/lost-reasons': 'manager',
  'PATCH /api/lost-reasons/:reasonId': 'manager',
  'GET /api/lead-sources': 'staff',
  'POST /api/lead-sources': 'admin',
  'PATCH /api/lead-sources/:sourceId': 'admin',
  'POST /api/lead-sources/:sourceId/merge': 'admin',
  'PUT /api/leads/:leadId/source': 'staff',
  'GET /api/reports/funnel': 'staff',
  'GET /api/reports/speed-to-lead': 'staff',
  'GET /api/reports/follow-up': 'staff',
  'GET /api/reports/leads': 'staff',
  'GET /api/reports/leads.csv': 'staff',
  'GET /api/reports/digest': 'staff',
  'PUT /api/reports/digest': 'manager',
  'DELETE /api/lost-reasons/:reasonId': 'manager',
  'POST /api/leads/:leadId/access-links': 'staff',
  'GET /api/secure-access/lead': 'secure-link',
  'GET /api/api-keys': 'admin',
  'POST /api/api-keys': 'admin',
  'DELETE /api/api-keys/:apiKeyId': 'admin',
  'GET /api/numbers': 'admin',
  'POST /api/numbers': 'admin',
  'DELETE /api/numbers/:numberId': 'admin',
  'PATCH /api/numbers/:numberId': 'admin',
  'GET /api/team': 'admin',
  'POST /api/team/invitations': 'admin',
  'POST /api/team/invitations/:invitationId/link': 'admin',
  'POST /api/team/invitations/:invitationId/revoke': 'admin',
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
  'POST /api/leads/:leadId/sender-confirmations/:eventId': 'staff',
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
  'PUT /api/integrations/v1/properties/:pmsPropertyId/leads/:pmsLeadId/status': 'outside',
  'GET /api/integrations/v1/properties/:pmsPropertyId/tour-slots': 'outside',
  'POST /api/integrations/v1/properties/:pmsPropertyId/leads/:pmsLeadId/tours': 'outside',
  'PATCH /api/integrations/v1/tours/:tourId': 'outside',
  'DELETE /api/integrations/v1/tours/:tourId': 'outside',
  'GET /api/integrations/v1/reports/funnel': 'outside',
  'GET /api/integrations/v1/reports/speed-to-lead': 'outside',
  'GET /api/integrations/v1/reports/follow-up': 'outside',
  'GET /api/integrations/v1/reports/leads': 'outside',
  'GET /api/integrations/v1/reports/leads.csv': 'outside',
  'POST /api/integrations/v1/properties/:pmsPropertyId/leads/:pmsLeadId/access-links': 'outside',
  'POST /webhooks/twilio/inbound': 'outside',
  'POST /webhooks/twilio/status': 'outside',
  'POST /webhooks/twilio/voice': 'outside',
  'POST /webhooks/twilio/voice/dial-status': 'outside',
  'POST /webhooks/twilio/voice/whisper': 'outside',
  'POST /webhooks/twilio/voice/status': 'outside',
  'POST /webhooks/twilio/voice/recording': 'outside',
  'POST /webhooks/twilio/voice/transcription': 'outside',
  'POST /webhooks/twilio/voice/outbound': 'outside',
  'POST /webhooks/twilio/voice/announce': 'outside',
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

describe.each(oneDatabase())('the role rule of every route ($name)', (target) => {
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

describe.each(oneDatabase())('the sandbox outbox by role ($name)', (target) => {
  const ctx = useTestApp(target, { seed: 'none' });

  it('lists the outbox to admins only, with the invitation email masked, and only admins take a fresh link', async () => {
    const office = await createOffice(ctx.db);
    await createPhoneNumber(ctx.db, office.company.id);
    const tokenOf = async (role: StaffRole) =>
      ctx.signIn((await createUser(ctx.db, office.company.id, { role })).credentials);
    const tokens: Record<StaffRole, string> = {
      admin: await tokenOf('admin'),
      manager: await tokenOf('manager'),
      agent: await tokenOf('agent'),
    };
    const email = uniqueEmail('new-admin');
    const invited = await ctx.request<{ _id: string }>('POST', '/api/team/invitations', {
      as: tokens.admin,
      payload: { email, name: 'New Admin', role: 'admin' },
    });
    expect(invited.status).toBe(201);
    // A message to a lead, sent by an agent: still not the agent's to read in the outbox.
    const lead = await createLead(ctx.db, office.property);
    const sms = await ctx.request('POST', `/api/leads/${lead.id}/sms`, {
      as: tokens.agent,
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: `--x\r\nContent-Disposition: form-data; name="text"\r\n\r\nHello\r\n--x--\r\n`,
    });
    expect(sms.status).toBe(200);

    const outboxOf = async (role: StaffRole) =>
      (await ctx.request<{ items: OutboxEntry[] }>('GET', '/api/outbox', { as: tokens[role] })).body
        .items;
    // Positive control: the admin sees both.
    await expect
      .poll(async () => (await outboxOf('admin')).map((item) => item.to).sort(), {
        timeout: 15_000,
      })
      .toEqual([lead.phone, email].sort());

    // Hostile: a manager and an agent are refused the outbox, and 'Simulate reply' with it.
    for (const role of ['manager', 'agent'] as const) {
      const refused = await ctx.request<{ error: { message: string } }>('GET', '/api/outbox', {
        as: tokens[role],
      });
      expect(refused.status, role).toBe(403);
      expect(JSON.stringify(refused.body)).not.toContain('accept-invite');
      const before = (await ctx.db.select().from(conversationEvents)).length;
      const reply = await ctx.request('POST', '/api/sandbox/inbound-sms', {
        as: tokens[role],
        payload: { leadID: lead.id, text: 'Simulated by an agent' },
      });
      expect(reply.status, role).toBe(403);
      expect((await ctx.db.select().from(conversationEvents)).length).toBe(before);
    }
    // The admin's simulated reply goes through (positive control of the refusal above).
    const reply = await ctx.request<{ body: string }>('POST', '/api/sandbox/inbound-sms', {
      as: tokens.admin,
      payload: { leadID: lead.id, text: 'Simulated by an admin' },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.body).toBe('Simulated by an admin');

    // The admin's copy carries no working link either: it is masked, with the invitation to copy.
    const mail = (await outboxOf('admin')).find((item) => item.to === email)!;
    expect(mail.body).toContain('/account/accept-invite?token=••••••••\n');
    expect(mail.invitation).toEqual({ _id: invited.body._id, status: 'pending' });

    // Only an admin takes a working link; the others are refused and nothing changes.
    for (const role of ['manager', 'agent'] as const) {
      const refused = await ctx.request<{ error: { message: string } }>(
        'POST',
        `/api/team/invitations/${invited.body._id}/link`,
        { as: tokens[role] },
      );
      expect(refused.status, role).toBe(403);
    }
    const copied = await ctx.request<{ link: string }>(
      'POST',
      `/api/team/invitations/${invited.body._id}/link`,
      { as: tokens.admin },
    );
    expect(copied.status).toBe(200);
    expect(copied.headers['cache-control']).toBe('no-store');
    const link = new URL(copied.body.link);
    const described = await ctx.request<{ email: string }>(
      'GET',
      `/api/invitations/${link.searchParams.get('token')}`,
    );
    expect(described.body.email).toBe(email);
  });
});

/**
 * The rule of every Socket.IO handler (a client → server event), written apart from the code
 * like RULES: which sockets may use it — every staff role (`staff`), or also a secure-access
 * link's socket (`staff+secure-link`) — and what it must refuse. A handler the server registers
 * that is missing here fails the test.
 */
type SocketRule = { sockets: 'staff' | 'staff+secure-link'; refuses: string };

const SOCKET_RULES: Record<string, SocketRule> = {
  [socketEvents.reauthenticate]: {
    sockets: 'staff+secure-link',
    refuses: "another user's token",
  },
  [socketEvents.getNewConversation]: {
    sockets: 'staff+secure-link',
    refuses: "another company's event, another user's answer, a secure link's other leads",
  },
  [socketEvents.presenceView]: { sockets: 'staff', refuses: "another company's lead" },
  [socketEvents.presenceTyping]: {
    sockets: 'staff',
    refuses: 'a lead the socket has not opened (so never another company’s)',
  },
  [socketEvents.presenceSync]: { sockets: 'staff', refuses: "another company's viewers" },
};

/** What Socket.IO itself emits on a server socket: not handlers of ours. */
const RESERVED_SOCKET_EVENTS = new Set([
  'connect',
  'connect_error',
  'disconnect',
  'disconnecting',
  'error',
  'newListener',
  'removeListener',
]);

describe.each(oneDatabase())('the role rule of every socket handler ($name)', (target) => {
  const ctx = useTestApp(target, { seed: 'none', listen: true });
  const sockets = createSocketOpener();
  afterAll(() => sockets.closeAll());

  type Actors = {
    office: Office;
    other: Office;
    lead: LeadRow;
    otherLead: LeadRow;
    tokens: Record<StaffRole, string>;
    ids: Record<StaffRole, string>;
    outsider: string;
  };
  let actors: Actors;

  beforeAll(async () => {
    const office = await createOffice(ctx.db);
    const other = await createOffice(ctx.db);
    const people = await Promise.all(
      staffRoles.map(
        async (role) => [role, await createUser(ctx.db, office.company.id, { role })] as const,
      ),
    );
    actors = {
      office,
      other,
      lead: await createLead(ctx.db, office.property),
      otherLead: await createLead(ctx.db, other.property),
      tokens: Object.fromEntries(
        await Promise.all(
          people.map(async ([role, made]) => [role, await ctx.signIn(made.credentials)]),
        ),
      ) as Record<StaffRole, string>,
      ids: Object.fromEntries(people.map(([role, made]) => [role, made.user.id])) as Record<
        StaffRole,
        string
      >,
      outsider: await ctx.signIn(other.staff.credentials),
    };
  });

  /** The handlers the server registered on a socket: read from the socket itself. */
  const handlersOf = (client: Socket) => {
    const server = ctx.app.io.of('/').sockets.get(client.id!);
    if (!server) throw new Error('no server socket for this client');
    return server
      .eventNames()
      .map(String)
      .filter((name) => !RESERVED_SOCKET_EVENTS.has(name))
      .sort();
  };

  const secureLinkToken = async () => {
    const minted = await ctx.request<{ token: string }>(
      'POST',
      `/api/leads/${actors.lead.id}/access-links`,
      { as: actors.tokens.agent, payload: {} },
    );
    expect(minted.status).toBe(200);
    return minted.body.token;
  };

  it('has a rule for every handler a staff socket and a secure-link socket get, and every rule names one', async () => {
    const staff = await sockets.open(ctx.url, actors.tokens.agent);
    expect(handlersOf(staff)).toEqual(Object.keys(SOCKET_RULES).sort());
    const secure = await sockets.open(ctx.url, await secureLinkToken());
    expect(handlersOf(secure)).toEqual(
      Object.entries(SOCKET_RULES)
        .filter(([, rule]) => rule.sockets === 'staff+secure-link')
        .map(([name]) => name)
        .sort(),
    );
  });

  /** A round trip on `socket` after which everything the server sent it earlier has arrived. */
  const settle = (socket: Socket) => socket.emitWithAck(socketEvents.presenceSync, {});

  /** Each handler's refusal, tried by every staff role, beside the same role's allowed use. */
  const refusals: Record<keyof typeof SOCKET_RULES, (role: StaffRole) => Promise<void>> = {
    [socketEvents.reauthenticate]: async (role) => {
      const socket = await sockets.open(ctx.url, actors.tokens[role]);
      const own = await ctx.signIn(
        (await createUser(ctx.db, actors.office.company.id, { role })).credentials,
      );
      expect(await socket.emitWithAck(socketEvents.reauthenticate, { token: own })).toMatchObject({
        ok: false,
      });
      expect(
        await socket.emitWithAck(socketEvents.reauthenticate, { token: actors.tokens[role] }),
      ).toEqual({ ok: true });
    },
    [socketEvents.getNewConversation]: async (role) => {
      const socket = await sockets.open(ctx.url, actors.tokens[role]);
      const heard = recordAll(socket);
      const theirs = await createConversationEvent(ctx.db, actors.otherLead);
      const ours = await createConversationEvent(ctx.db, actors.lead);
      const ask = (eventID: string, userID = actors.ids[role]) =>
        socket.emit(socketEvents.getNewConversation, { eventID, userID, time: Date.now() });
      ask(theirs.id);
      ask(ours.id, actors.ids.admin === actors.ids[role] ? actors.ids.agent : actors.ids.admin);
      ask(ours.id);
      await until(socket, socketEvents.newConversationForUser(actors.ids[role]));
      await settle(socket);
      const answered = heard
        .filter((entry) => entry.event === socketEvents.newConversationForUser(actors.ids[role]))
        .flatMap((entry) => (entry.payload as NewConversationDelivery).events.map((e) => e._id));
      expect(answered).toEqual([ours.id]);
    },
    [socketEvents.presenceView]: async (role) => {
      const socket = await sockets.open(ctx.url, actors.tokens[role]);
      const outsider = await sockets.open(ctx.url, actors.outsider);
      const outsiderHeard = recordAll(outsider);
      expect(
        await socket.emitWithAck(socketEvents.presenceView, { leadID: actors.otherLead.id }),
      ).toEqual({ ok: false, error: 'Lead not found.' });
      expect(
        await socket.emitWithAck(socketEvents.presenceView, { leadID: actors.lead.id }),
      ).toEqual({ ok: true });
      await settle(outsider);
      expect(outsiderHeard).toEqual([]);
    },
    [socketEvents.presenceTyping]: async (role) => {
      const socket = await sockets.open(ctx.url, actors.tokens[role]);
      const outsider = await sockets.open(ctx.url, actors.outsider);
      expect(
        await outsider.emitWithAck(socketEvents.presenceView, { leadID: actors.otherLead.id }),
      ).toEqual({ ok: true });
      const outsiderHeard = recordAll(outsider);
      // It cannot open the other company's lead, so its typing about it goes nowhere.
      await socket.emitWithAck(socketEvents.presenceView, { leadID: actors.otherLead.id });
      socket.emit(socketEvents.presenceTyping, { leadID: actors.otherLead.id, typing: true });
      // Positive control: a colleague on the lead the socket opened hears it typing.
      const colleague = await sockets.open(ctx.url, actors.tokens.admin);
      await colleague.emitWithAck(socketEvents.presenceView, { leadID: actors.lead.id });
      await socket.emitWithAck(socketEvents.presenceView, { leadID: actors.lead.id });
      const typing = until<PresenceTyping>(
        colleague,
        socketEvents.presenceTypingOf(actors.office.company.id),
      );
      socket.emit(socketEvents.presenceTyping, { leadID: actors.lead.id, typing: false });
      expect(await typing).toMatchObject({ leadID: actors.lead.id, userID: actors.ids[role] });
      await settle(outsider);
      expect(outsiderHeard).toEqual([]);
    },
    [socketEvents.presenceSync]: async (role) => {
      const socket = await sockets.open(ctx.url, actors.tokens[role]);
      const outsider = await sockets.open(ctx.url, actors.outsider);
      await outsider.emitWithAck(socketEvents.presenceView, { leadID: actors.otherLead.id });
      await socket.emitWithAck(socketEvents.presenceView, { leadID: actors.lead.id });
      const { viewers } = (await socket.emitWithAck(
        socketEvents.presenceSync,
        {},
      )) as PresenceSnapshot;
      // Positive control: its own viewing is listed; the other company's is not.
      expect(viewers.map((viewer) => viewer.socketID)).toContain(socket.id);
      expect(viewers.map((viewer) => viewer.socketID)).not.toContain(outsider.id);
    },
  };

  it.each(Object.keys(SOCKET_RULES))(
    '%s refuses what its rule forbids, for every staff role',
    async (name) => {
      const refusal = refusals[name];
      expect(refusal, `no refusal check for ${name}`).toBeDefined();
      for (const role of staffRoles) await refusal!(role);
    },
  );

  it("answers a secure link's socket only about its own lead", async () => {
    const socket = await sockets.open(ctx.url, await secureLinkToken());
    const heard = recordAll(socket);
    const sameCompanyOtherLead = await createLead(ctx.db, actors.office.property);
    const elsewhere = await createConversationEvent(ctx.db, sameCompanyOtherLead);
    const ours = await createConversationEvent(ctx.db, actors.lead);
    const ask = (eventID: string) =>
      socket.emit(socketEvents.getNewConversation, {
        eventID,
        userID: actors.ids.agent,
        time: Date.now(),
      });
    ask(elsewhere.id);
    ask(ours.id);
    await until(socket, socketEvents.newConversationForUser(actors.ids.agent));
    // A reauthenticate round trip: whatever the server sent before its answer has arrived.
    await socket.emitWithAck(socketEvents.reauthenticate, { token: 'x' });
    const answered = heard
      .filter((entry) => entry.event === socketEvents.newConversationForUser(actors.ids.agent))
      .flatMap((entry) => (entry.payload as NewConversationDelivery).events.map((e) => e._id));
    expect(answered).toEqual([ours.id]);
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import twilio from 'twilio';
import { eq } from 'drizzle-orm';
import {
  apiKeyScopes,
  integrationPaths,
  socketEvents,
  type ApiError,
  type CreatedApiKey,
  type LeadOwner,
  type Notification,
  type NotificationPage,
  type UnreadCount,
} from '@leasing/contract';
import { notifications, type LeadRow } from '../../db/schema/index.js';
import { domainEvent, type Actor, type DomainEvent } from '../../events/domain-events.js';
import {
  createLead,
  createOffice,
  createUser,
  type CreatedUser,
  type Office,
} from '../../test/factories.js';
import { startFakeTwilio, type FakeTwilio } from '../../test/fake-twilio.js';
import { oneDatabase } from '../../test/test-app.js';
import { createSocketOpener, recordAll, until } from '../../test/sockets.js';
import { useTestApp } from '../../test/use-test-app.js';

/** Lakeside's own number, which its leads text; TWILIO_FROM is a number nobody here texts. */
const LAKESIDE_NUMBER = '+15125550700';
const TWILIO_FROM = '+15125550799';
const WEBHOOK_PATH = '/webhooks/twilio/inbound';

describe.each(oneDatabase())('notifications ($name)', (target) => {
  let fake: FakeTwilio;
  beforeAll(async () => {
    fake = await startFakeTwilio();
  });
  afterAll(() => fake.close());
  const t = useTestApp(target, {
    seed: 'none',
    listen: true,
    env: ({ url }) => ({
      PUBLIC_URL: url!,
      ...fake.env(TWILIO_FROM),
    }),
  });

  /** Lakeside: Dana (admin), Alex (agent), a deactivated agent; Harbor: another company. */
  let lakeside: Office;
  let alex: CreatedUser;
  let gone: CreatedUser;
  let harbor: Office;
  let tokens: { dana: string; alex: string; harbor: string };
  const sockets = createSocketOpener();

  beforeAll(async () => {
    lakeside = await createOffice(t.db, {
      company: { name: 'Lakeside Rentals' },
      staff: { name: 'Dana Whitfield' },
      property: { name: 'Maple Grove', smsNumber: LAKESIDE_NUMBER },
    });
    alex = await createUser(t.db, lakeside.company.id, { name: 'Alex Kim', role: 'agent' });
    gone = await createUser(t.db, lakeside.company.id, { name: 'Gone Agent', role: 'agent' });
    harbor = await createOffice(t.db, { company: { name: 'Harbor Point' } });
    tokens = {
      dana: await t.signIn(lakeside.staff.credentials),
      alex: await t.signIn(alex.credentials),
      harbor: await t.signIn(harbor.staff.credentials),
    };
    // Deactivated after signing in nobody: they are staff of the company, but no longer active.
    await t.request('POST', `/api/team/${gone.user.id}/deactivate`, { as: tokens.dana });
  });
  afterAll(() => sockets.closeAll());

  const dana = () => lakeside.staff.user;
  const userActor = (user: { id: string; name: string }): Actor => ({
    kind: 'user',
    userId: user.id,
    name: user.name,
  });
  const ownerOf = (user: { id: string; name: string }): LeadOwner => ({
    kind: 'user',
    userId: user.id,
    name: user.name,
  });

  /** Records events through the port, in one committed transaction: the producers' public input. */
  const publish = (...events: DomainEvent[]) =>
    t.app.events.transaction(async ({ record }) => record(...events));

  const bell = async (token: string, query = '') => {
    const response = await t.request<NotificationPage>('GET', `/api/notifications${query}`, {
      as: token,
    });
    expect(response.status).toBe(200);
    return response.body;
  };
  const notificationsAbout = async (lead: LeadRow) =>
    t.db.select().from(notifications).where(eq(notifications.leadId, lead.id));

  const freshLead = (overrides: Parameters<typeof createLead>[2] = {}) =>
    createLead(t.db, lakeside.property, { name: 'Jordan Prospect', ...overrides });

  const assigned = (
    lead: LeadRow,
    owner: LeadOwner,
    actor: Actor,
    timelineEventId = randomUUID(),
  ) =>
    domainEvent('lead.assigned', {
      companyId: lead.companyId,
      leadId: lead.id,
      owner,
      previousOwner: { kind: 'unassigned' },
      timelineEventId,
      actor,
    });

  const openSocket = (token: string) => sockets.open(t.url, token);

  /** A text from `from` to Lakeside's number, posted the way Twilio signs it. */
  const inboundSms = async (from: string, body: string) => {
    const sid = `SM${randomUUID().replace(/-/g, '')}`;
    const form: Record<string, string> = {
      MessageSid: sid,
      SmsSid: sid,
      AccountSid: fake.accountSid,
      From: from,
      To: LAKESIDE_NUMBER,
      Body: body,
      NumMedia: '0',
      SmsStatus: 'received',
      ApiVersion: '2010-04-01',
    };
    const response = await t.app.inject({
      method: 'POST',
      url: WEBHOOK_PATH,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilio.getExpectedTwilioSignature(
          fake.authToken,
          `${t.url}${WEBHOOK_PATH}`,
          form,
        ),
      },
      payload: new URLSearchParams(form).toString(),
    });
    expect(response.statusCode).toBe(200);
  };

  describe('lead.assigned', () => {
    it('tells the new owner who assigned them which lead, once however often the event is published', async () => {
      const lead = await freshLead();
      const event = assigned(lead, ownerOf(alex.user), userActor(dana()));
      await publish(event);
      await publish(event);

      const mine = await bell(tokens.alex);
      const about = mine.items.filter((item) => item.lead._id === lead.id);
      expect(about).toEqual([
        expect.objectContaining({
          kind: 'assigned',
          title: 'Dana Whitfield assigned you Jordan Prospect',
          readAt: null,
          lead: {
            _id: lead.id,
            name: 'Jordan Prospect',
            propertyID: lakeside.property.id,
            pmsLeadId: lead.pmsLeadId,
          },
        }),
      ]);
      expect(await notificationsAbout(lead)).toHaveLength(1);
    });

    it('tells the new owner when a colleague assigns the lead through the owner route', async () => {
      const lead = await freshLead();
      const response = await t.request('PUT', `/api/leads/${lead.id}/owner`, {
        as: tokens.dana,
        payload: { owner: { kind: 'user', userId: alex.user.id } },
      });
      expect(response.status).toBe(200);
      const rows = await notificationsAbout(lead);
      expect(rows.map((row) => [row.kind, row.recipientUserId, row.title])).toEqual([
        ['assigned', alex.user.id, 'Dana Whitfield assigned you Jordan Prospect'],
      ]);
    });

    it('tells nobody when the actor assigned themselves, or the lead went to the assistant', async () => {
      const lead = await freshLead();
      await publish(
        assigned(lead, ownerOf(alex.user), userActor(alex.user)),
        assigned(lead, { kind: 'assistant' }, userActor(dana())),
      );
      // Positive control: the same lead assigned by someone else does notify.
      await publish(assigned(lead, ownerOf(alex.user), userActor(dana())));
      const rows = await notificationsAbout(lead);
      expect(rows.map((row) => row.kind)).toEqual(['assigned']);
    });

    it('never writes a notification for a change that rolled back', async () => {
      const lead = await freshLead();
      await expect(
        t.app.events.transaction(async ({ record }) => {
          record(assigned(lead, ownerOf(alex.user), userActor(dana())));
          throw new Error('the change failed');
        }),
      ).rejects.toThrow('the change failed');
      await publish(assigned(lead, ownerOf(alex.user), userActor(dana())));
      expect(await notificationsAbout(lead)).toHaveLength(1);
    });

    it('pushes the notification to the recipient’s sockets only', async () => {
      const alexSocket = await openSocket(tokens.alex);
      const danaSocket = await openSocket(tokens.dana);
      const danaHeard = recordAll(danaSocket);
      const lead = await freshLead();
      const pushed = until<Notification>(alexSocket, socketEvents.notification(alex.user.id));
      await publish(assigned(lead, ownerOf(alex.user), userActor(dana())));
      const notification = await pushed;
      expect(notification).toMatchObject({
        kind: 'assigned',
        title: 'Dana Whitfield assigned you Jordan Prospect',
        lead: { _id: lead.id },
      });
      const [stored] = (await bell(tokens.alex)).items;
      expect(stored).toEqual(notification);
      // Control: a notification of Dana's own, caused after Alex's, reaches her socket; had Alex's
      // reached it too, it would have come first.
      const danasLead = await freshLead();
      const danas = until<Notification>(danaSocket, socketEvents.notification(dana().id));
      await publish(assigned(danasLead, ownerOf(dana()), userActor(alex.user)));
      expect((await danas).lead._id).toBe(danasLead.id);
      const heardBefore = danaHeard
        .slice(
          0,
          danaHeard.findIndex(
            (heard) => (heard.payload as Partial<Notification> | null)?.lead?._id === danasLead.id,
          ),
        )
        .map((heard) => heard.event);
      expect(heardBefore).not.toContain(socketEvents.notification(dana().id));
      expect(heardBefore).not.toContain(socketEvents.notification(alex.user.id));
    });
  });

  describe('message.received', () => {
    it('tells the owner of a lead who texted, with the first words of the text', async () => {
      const lead = await freshLead({ owner: alex.user, phone: '+15125550711' });
      const socket = await openSocket(tokens.alex);
      const pushed = until<Notification>(socket, socketEvents.notification(alex.user.id));
      await inboundSmsOf(
        lead,
        'Is the two-bedroom on the third floor still available for a tour this Saturday morning around ten?',
      );
      const notification = await pushed;
      expect(notification).toMatchObject({
        kind: 'lead_wrote',
        title:
          'Jordan Prospect wrote: Is the two-bedroom on the third floor still available for a tour this Saturday…',
        body: 'Is the two-bedroom on the third floor still available for a tour this Saturday morning around ten?',
      });
      expect(await notificationsAbout(lead)).toHaveLength(1);
    });

    it('tells nobody when the lead who texted has no owner', async () => {
      const owned = await freshLead({ owner: alex.user, phone: '+15125550712' });
      const unowned = await freshLead({ phone: '+15125550713' });
      await inboundSmsOf(unowned, 'Hello?');
      await inboundSmsOf(owned, 'Hello?');
      expect(await notificationsAbout(owned)).toHaveLength(1);
      expect(await notificationsAbout(unowned)).toEqual([]);
    });

    const inboundSmsOf = (lead: LeadRow, body: string) => inboundSms(lead.phone!, body);
  });

  describe('call.updated', () => {
    const callUpdate = (
      lead: LeadRow,
      callId: string,
      direction: 'inbound' | 'outbound',
      outcome: 'answered' | 'missed' | 'voicemail' | null,
    ) =>
      domainEvent('call.updated', {
        companyId: lead.companyId,
        leadId: lead.id,
        timelineEventId: randomUUID(),
        callId,
        direction,
        outcome,
        previousOutcome: null,
      });

    it('tells the owner of a caller nobody answered, once, even when a voicemail follows', async () => {
      const lead = await freshLead({ owner: alex.user });
      const callId = randomUUID();
      const socket = await openSocket(tokens.alex);
      const pushed = until<Notification>(socket, socketEvents.notification(alex.user.id));
      await publish(callUpdate(lead, callId, 'inbound', null));
      await publish(callUpdate(lead, callId, 'inbound', 'missed'));
      expect(await pushed).toMatchObject({
        kind: 'missed_call',
        title: 'Missed call from Jordan Prospect',
      });
      await publish(callUpdate(lead, callId, 'inbound', 'voicemail'));
      expect(await notificationsAbout(lead)).toHaveLength(1);

      const voicemail = await freshLead({ owner: alex.user });
      await publish(callUpdate(voicemail, randomUUID(), 'inbound', 'voicemail'));
      const [left] = await notificationsAbout(voicemail);
      expect(left).toMatchObject({
        kind: 'missed_call',
        title: 'Jordan Prospect left a voicemail',
      });
    });

    it('tells nobody of an answered call, a call the team placed, or a caller without an owner', async () => {
      const lead = await freshLead({ owner: alex.user });
      await publish(callUpdate(lead, randomUUID(), 'inbound', 'answered'));
      await publish(callUpdate(lead, randomUUID(), 'outbound', 'missed'));
      const unowned = await freshLead();
      await publish(callUpdate(unowned, randomUUID(), 'inbound', 'missed'));
      expect(await notificationsAbout(lead)).toEqual([]);
      expect(await notificationsAbout(unowned)).toEqual([]);
      // The control: the same lead's missed inbound call is told.
      await publish(callUpdate(lead, randomUUID(), 'inbound', 'missed'));
      expect(await notificationsAbout(lead)).toHaveLength(1);
    });
  });

  describe('follow_up.due', () => {
    const due = (lead: LeadRow, ownerUserId: string | null, dueAt = '2026-03-02T14:00:00.000Z') =>
      domainEvent('follow_up.due', {
        companyId: lead.companyId,
        leadId: lead.id,
        dueAt,
        ownerUserId,
      });

    it('tells the owner, once per follow-up', async () => {
      const lead = await freshLead({ owner: alex.user });
      await publish(due(lead, alex.user.id));
      await publish(due(lead, alex.user.id));
      await publish(due(lead, alex.user.id, '2026-03-03T14:00:00.000Z'));
      const rows = await notificationsAbout(lead);
      expect(rows.map((row) => [row.kind, row.recipientUserId, row.title])).toEqual([
        ['follow_up_due', alex.user.id, 'Follow-up due: Jordan Prospect'],
        ['follow_up_due', alex.user.id, 'Follow-up due: Jordan Prospect'],
      ]);
    });

    it('tells nobody when the lead is unassigned', async () => {
      const owned = await freshLead({ owner: alex.user });
      const unassigned = await freshLead();
      await publish(due(unassigned, null), due(owned, alex.user.id));
      expect(await notificationsAbout(owned)).toHaveLength(1);
      expect(await notificationsAbout(unassigned)).toEqual([]);
    });
  });

  describe('speed_to_lead.breached', () => {
    const breached = (lead: LeadRow, ownerUserId: string | null) =>
      domainEvent('speed_to_lead.breached', {
        companyId: lead.companyId,
        leadId: lead.id,
        waitingSince: '2026-03-02T14:00:00.000Z',
        targetMinutes: 15,
        ownerUserId,
      });

    it('tells the owner of an assigned lead', async () => {
      const lead = await freshLead({ owner: alex.user });
      await publish(breached(lead, alex.user.id));
      const rows = await notificationsAbout(lead);
      expect(rows.map((row) => [row.recipientUserId, row.title])).toEqual([
        [alex.user.id, 'Jordan Prospect has waited over 15 minutes for a first reply'],
      ]);
    });

    it('tells every active staff user of the company when unassigned, and nobody of another company', async () => {
      const lead = await freshLead();
      await publish(breached(lead, null));
      const recipients = (await notificationsAbout(lead)).map((row) => row.recipientUserId);
      expect(recipients.sort()).toEqual([dana().id, alex.user.id].sort());
      expect(recipients).not.toContain(gone.user.id);
      expect((await bell(tokens.harbor)).items).toEqual([]);
    });
  });

  describe('a decision opened on the lead', () => {
    it('tells the owner when an integration opens an office decision, with its question', async () => {
      const key = await t.request<CreatedApiKey>('POST', '/api/api-keys', {
        as: tokens.dana,
        payload: { name: 'PMS', scopes: [...apiKeyScopes] },
      });
      expect(key.status).toBe(201);
      const lead = await freshLead({ owner: alex.user });
      const appended = await t.request(
        'POST',
        integrationPaths.events(lakeside.property.pmsPropertyId, lead.pmsLeadId),
        {
          as: key.body.key,
          payload: {
            externalId: `decision-${lead.id}`,
            date: '2026-03-02T15:00:00.000Z',
            eventType: 'OFFICE_DECISION',
            senderType: 'ASSISTANT',
            body: 'Approve a second pet?',
          },
        },
      );
      expect(appended.status).toBe(201);
      // Another timeline event (a note-like system event) tells nobody.
      const other = await t.request(
        'POST',
        integrationPaths.events(lakeside.property.pmsPropertyId, lead.pmsLeadId),
        {
          as: key.body.key,
          payload: {
            externalId: `other-${lead.id}`,
            date: '2026-03-02T15:01:00.000Z',
            eventType: 'CANCELED_TOUR_APPOINTMENT',
          },
        },
      );
      expect(other.status).toBe(201);
      const rows = await notificationsAbout(lead);
      expect(rows.map((row) => [row.kind, row.recipientUserId, row.title, row.body])).toEqual([
        [
          'decision_opened',
          alex.user.id,
          'Decision opened on Jordan Prospect',
          'Approve a second pet?',
        ],
      ]);
    });
  });

  describe('isolation between companies', () => {
    it('never notifies another company’s user, even one a lead names as its owner', async () => {
      const lead = await freshLead();
      await publish(
        assigned(lead, ownerOf(harbor.staff.user), userActor(dana())),
        // An event naming Harbor's company for Lakeside's lead: not Harbor's lead, nobody told.
        {
          ...assigned(lead, ownerOf(harbor.staff.user), userActor(dana())),
          companyId: harbor.company.id,
        },
        assigned(lead, ownerOf(alex.user), userActor(dana())),
      );
      expect((await notificationsAbout(lead)).map((row) => row.recipientUserId)).toEqual([
        alex.user.id,
      ]);
      expect((await bell(tokens.harbor)).items).toEqual([]);
    });
  });

  describe('the bell API', () => {
    it('pages the caller’s own notifications newest first, with the unread count of all of them', async () => {
      const user = await createUser(t.db, lakeside.company.id, { name: 'Pat Reader' });
      const token = await t.signIn(user.credentials);
      const leads = [await freshLead(), await freshLead(), await freshLead()];
      for (const lead of leads) {
        await publish(assigned(lead, ownerOf(user.user), userActor(dana())));
      }
      const first = await bell(token, '?limit=2');
      expect(first.unreadCount).toBe(3);
      expect(first.items.map((item) => item.lead._id)).toEqual([leads[2]!.id, leads[1]!.id]);
      expect(first.nextCursor).not.toBeNull();
      const second = await bell(token, `?limit=2&cursor=${first.nextCursor}`);
      expect(second.items.map((item) => item.lead._id)).toEqual([leads[0]!.id]);
      expect(second.nextCursor).toBeNull();
    });

    it('marks the caller’s own notifications read, one by one or all, and never someone else’s', async () => {
      const user = await createUser(t.db, lakeside.company.id, { name: 'Sam Marker' });
      const token = await t.signIn(user.credentials);
      const leads = [await freshLead(), await freshLead(), await freshLead()];
      for (const lead of leads) {
        await publish(assigned(lead, ownerOf(user.user), userActor(dana())));
      }
      const { items } = await bell(token);
      const [newest] = items;

      // Another user (of this company or another) naming the id changes nothing.
      for (const other of [tokens.alex, tokens.harbor]) {
        const foreign = await t.request<UnreadCount>('POST', '/api/notifications/read', {
          as: other,
          payload: { ids: [newest!._id] },
        });
        expect(foreign.status).toBe(200);
      }
      expect((await bell(token)).unreadCount).toBe(3);
      expect((await bell(tokens.harbor)).items).toEqual([]);

      const one = await t.request<UnreadCount>('POST', '/api/notifications/read', {
        as: token,
        payload: { ids: [newest!._id] },
      });
      expect(one.body).toEqual({ unreadCount: 2 });
      const after = await bell(token);
      expect(after.items.map((item) => item.readAt !== null)).toEqual([true, false, false]);

      const all = await t.request<UnreadCount>('POST', '/api/notifications/read-all', {
        as: token,
      });
      expect(all.body).toEqual({ unreadCount: 0 });
      expect((await bell(token)).items.every((item) => item.readAt !== null)).toBe(true);
      // Others' stay unread.
      expect((await bell(tokens.alex)).unreadCount).toBeGreaterThan(0);
    });

    it('answers 400 naming the field for ids that are not notification ids, and changes nothing', async () => {
      const before = await bell(tokens.alex);
      expect(before.unreadCount).toBeGreaterThan(0);
      const response = await t.request<ApiError>('POST', '/api/notifications/read', {
        as: tokens.alex,
        payload: { ids: ['not-an-id'] },
      });
      expect(response.status).toBe(400);
      expect(response.body.error.details?.[0]?.path).toMatch(/^body\.ids/);
      expect((await bell(tokens.alex)).unreadCount).toBe(before.unreadCount);
    });

    it('asks for a sign-in', async () => {
      const response = await t.request('GET', '/api/notifications');
      expect(response.status).toBe(401);
    });
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  apiKeyScopes,
  apiPaths,
  DEFAULT_LOST_REASONS,
  integrationPaths,
  type ApiError,
  type ConversationEvent,
  type CreatedApiKey,
  type InboxPage,
  type Lead,
  type LeadStatusResponse,
  type LostReason,
  type LostReasonList,
  type OfficeDecisionResponse,
} from '@leasing/contract';
import { auditLog, conversationEvents, leads, type LeadRow } from '../../db/schema/index.js';
import { createLead, createOffice, createUser, type Office } from '../../test/factories.js';
import { oneDatabase } from '../../test/test-app.js';
import { createTestClock } from '../../test/test-clock.js';
import { useTestApp, type HttpMethod } from '../../test/use-test-app.js';

const HOUR = 3_600_000;

describe.each(oneDatabase())('lead status pipeline on $name', (target) => {
  const clock = createTestClock();
  const t = useTestApp(target, { seed: 'none', now: clock.now, listen: true });
  let office: Office;
  let other: Office;
  let admin: string;
  let agent: string;
  let otherAdmin: string;
  let key: string;
  let counter = 0;
  let agentCredentials: { email: string; password: string };

  const call = <T>(method: HttpMethod, url: string, as = admin, payload?: unknown) =>
    t.request<T>(method, url, { as, payload });
  const setStatus = (leadId: string, payload: Record<string, unknown>, as = admin) =>
    call<LeadStatusResponse & ApiError>('PUT', apiPaths.leadStatus(leadId), as, payload);
  const row = async (leadId: string): Promise<LeadRow> =>
    (await t.db.select().from(leads).where(eq(leads.id, leadId)))[0]!;
  const statusEvents = (leadId: string) =>
    t.db
      .select()
      .from(conversationEvents)
      .where(
        and(
          eq(conversationEvents.leadId, leadId),
          eq(conversationEvents.eventType, 'LEAD_STATUS_CHANGE'),
        ),
      );
  const auditRows = (leadId: string, action: string) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.leadId, leadId), eq(auditLog.action, action)));
  const paneOf = async (lead: LeadRow, as = admin) =>
    (await call<Lead>('GET', apiPaths.lead(lead.propertyId, lead.pmsLeadId), as)).body;
  /** Signs in again: moving the clock by hours expires the tokens signed before. */
  const signInAgain = async () => {
    admin = await t.signIn(office.staff.credentials);
    agent = await t.signIn(agentCredentials);
    otherAdmin = await t.signIn(other.staff.credentials);
  };

  /** A lead the integration API knows (its property's and its own PMS ids). */
  const integrationLead = async (status?: LeadRow['status']) => {
    counter += 1;
    const pmsPropertyId = `ST-P-${counter}`;
    const pmsLeadId = `ST-L-${counter}`;
    const put = (url: string, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url, headers: { authorization: `Bearer ${key}` }, payload });
    await put(integrationPaths.property(pmsPropertyId), { name: `Pipeline ${counter}` });
    const created = await put(integrationPaths.lead(pmsPropertyId, pmsLeadId), {
      name: `Lead ${counter}`,
      phone: `+1555010${String(counter).padStart(4, '0')}`,
    });
    expect(created.statusCode).toBe(201);
    const lead = (
      await t.db
        .select()
        .from(leads)
        .where(and(eq(leads.companyId, office.company.id), eq(leads.pmsLeadId, pmsLeadId)))
    )[0]!;
    if (status) await t.db.update(leads).set({ status }).where(eq(leads.id, lead.id));
    const append = async (payload: Record<string, unknown>) => {
      counter += 1;
      const response = await t.app.inject({
        method: 'POST',
        url: integrationPaths.events(pmsPropertyId, pmsLeadId),
        headers: { authorization: `Bearer ${key}` },
        payload: { externalId: `ext-${counter}`, date: new Date().toISOString(), ...payload },
      });
      expect(response.statusCode, response.body).toBe(201);
    };
    return { lead, append };
  };

  beforeAll(async () => {
    office = await createOffice(t.db, { staff: { name: 'Dana Whitfield' } });
    other = await createOffice(t.db);
    admin = await t.signIn(office.staff.credentials);
    const agentUser = await createUser(t.db, office.company.id, {
      role: 'agent',
      name: 'Alex Kim',
    });
    agentCredentials = agentUser.credentials;
    agent = await t.signIn(agentCredentials);
    otherAdmin = await t.signIn(other.staff.credentials);
    key = (
      await call<CreatedApiKey>('POST', '/api/api-keys', admin, {
        name: 'PMS',
        scopes: [...apiKeyScopes],
      })
    ).body.key;
  });

  describe('by hand', () => {
    it('moves a lead to any status, puts the change on its timeline and in the audit trail', async () => {
      const lead = await createLead(t.db, office.property);
      const moved = await setStatus(lead.id, { status: 'TOUR_SCHEDULED' }, agent);
      expect(moved.status).toBe(200);
      expect(moved.body.state).toMatchObject({ status: 'TOUR_SCHEDULED', lostReason: null });
      expect(moved.body.event).toMatchObject({
        eventType: 'LEAD_STATUS_CHANGE',
        body: 'Status: New → Tour scheduled',
        eventByUserName: 'Alex Kim',
        data: { before: 'NEW', after: 'TOUR_SCHEDULED' },
      });
      expect((await paneOf(lead)).status).toBe('TOUR_SCHEDULED');
      // Backwards too: any status may move to any other.
      const back = await setStatus(lead.id, { status: 'NEW' });
      expect(back.body.event?.body).toBe('Status: Tour scheduled → New');
      expect(
        (await auditRows(lead.id, 'lead.status_changed')).map((a) => [a.before, a.after]),
      ).toEqual(
        expect.arrayContaining([
          [{ status: 'NEW' }, { status: 'TOUR_SCHEDULED' }],
          [{ status: 'TOUR_SCHEDULED' }, { status: 'NEW' }],
        ]),
      );
    });

    it('changes nothing when the lead already has the status', async () => {
      const lead = await createLead(t.db, office.property);
      expect((await setStatus(lead.id, { status: 'APPLIED' })).body.event).not.toBeNull();
      const again = await setStatus(lead.id, { status: 'APPLIED' });
      expect(again.status).toBe(200);
      expect(again.body.event).toBeNull();
      expect(await statusEvents(lead.id)).toHaveLength(1);
    });

    it('marks a lead lost with a reason of the list and a note, and back again', async () => {
      const lead = await createLead(t.db, office.property);
      const lost = await setStatus(lead.id, {
        status: 'LOST',
        lostReason: 'Price',
        note: 'Found a cheaper studio',
      });
      expect(lost.status).toBe(200);
      expect(lost.body.state).toMatchObject({ status: 'LOST', lostReason: 'Price' });
      expect(lost.body.event?.body).toBe('Marked lost: Price — Found a cheaper studio');
      expect((await paneOf(lead)).lostReason).toBe('Price');
      const [audit] = await auditRows(lead.id, 'lead.status_changed');
      expect(audit?.after).toEqual({
        status: 'LOST',
        lostReason: 'Price',
        note: 'Found a cheaper studio',
      });

      const revived = await setStatus(lead.id, { status: 'CONTACTED' });
      expect(revived.body.state).toMatchObject({ status: 'CONTACTED', lostReason: null });
      expect((await row(lead.id)).lostReason).toBeNull();
    });

    it('refuses LOST without a known reason, and "Other" without a note, changing nothing', async () => {
      const lead = await createLead(t.db, office.property);
      const cases: [Record<string, unknown>, string][] = [
        [{ status: 'LOST' }, 'body.lostReason'],
        [{ status: 'LOST', lostReason: 'Aliens' }, 'body.lostReason'],
        [{ status: 'LOST', lostReason: 'Other' }, 'body.note'],
        [{ status: 'MAYBE' }, 'body.status'],
      ];
      for (const [payload, path] of cases) {
        const refused = await setStatus(lead.id, payload);
        expect(refused.status, JSON.stringify(payload)).toBe(400);
        expect(refused.body.error.details?.map((detail) => detail.path)).toContain(path);
      }
      expect((await row(lead.id)).status).toBe('NEW');
      expect(await statusEvents(lead.id)).toHaveLength(0);
      // The positive control: 'Other' with a note is fine.
      const other = await setStatus(lead.id, {
        status: 'LOST',
        lostReason: 'other',
        note: 'Joined the army',
      });
      expect(other.status).toBe(200);
      expect(other.body.state.lostReason).toBe('Other');
    });

    it("answers 403 for another company's lead and 404 for an unknown one", async () => {
      const theirs = await createLead(t.db, other.property);
      expect((await setStatus(theirs.id, { status: 'CONTACTED' })).status).toBe(403);
      expect((await setStatus(crypto.randomUUID(), { status: 'CONTACTED' })).status).toBe(404);
      expect(
        (await call('POST', apiPaths.leadTourOutcome(theirs.id), admin, { outcome: 'TOURED' }))
          .status,
      ).toBe(403);
      expect((await row(theirs.id)).status).toBe('NEW');
      expect((await setStatus(theirs.id, { status: 'CONTACTED' }, otherAdmin)).status).toBe(200);
    });
  });

  describe('automatically', () => {
    it('moves a NEW lead to CONTACTED with its first outbound message, once', async () => {
      const lead = await createLead(t.db, office.property, { name: 'Ava Thompson' });
      const sms = async (text: string) => {
        const form = new FormData();
        form.set('leadID', lead.id);
        form.set('text', text);
        const response = await fetch(`${t.url}${apiPaths.leadSms(lead.id)}`, {
          method: 'POST',
          body: form,
          headers: { authorization: `Bearer ${admin}` },
        });
        expect(response.status).toBe(200);
      };
      await sms('Hi Ava, when would you like to tour?');
      expect((await row(lead.id)).status).toBe('CONTACTED');
      const [event] = await statusEvents(lead.id);
      expect(event).toMatchObject({
        body: 'Status: New → Contacted',
        senderType: 'SYSTEM',
        eventByUserName: null,
      });
      expect(event?.data).toMatchObject({ automatic: true });
      // The system's own move leaves no audit row: the message's row says who did it.
      expect(await auditRows(lead.id, 'message.created')).toHaveLength(1);
      expect(await auditRows(lead.id, 'lead.status_changed')).toHaveLength(0);

      await sms('Following up.');
      expect(await statusEvents(lead.id)).toHaveLength(1);
    });

    it('follows outbound messages, scheduled and canceled tours the integration appends', async () => {
      const { lead, append } = await integrationLead();
      await append({ eventType: 'SMS', senderType: 'LEAD', body: 'Is it available?' });
      expect((await row(lead.id)).status).toBe('NEW');
      await append({ eventType: 'SMS', senderType: 'ASSISTANT', body: 'Yes! Want a tour?' });
      expect((await row(lead.id)).status).toBe('CONTACTED');

      const tourAt = new Date(Date.now() + 24 * HOUR).toISOString();
      await append({ eventType: 'SCHEDULED_TOUR_APPOINTMENT', data: { tourDateUTC: tourAt } });
      expect((await row(lead.id)).status).toBe('TOUR_SCHEDULED');
      await append({ eventType: 'CANCELED_TOUR_APPOINTMENT' });
      expect((await row(lead.id)).status).toBe('CONTACTED');
      expect((await statusEvents(lead.id)).map((event) => event.body).sort()).toEqual([
        'Status: Contacted → Tour scheduled',
        'Status: New → Contacted',
        'Status: Tour scheduled → Contacted',
      ]);
    });

    it('never moves a lead back from APPLIED, LEASED or LOST', async () => {
      for (const status of ['APPLIED', 'LEASED', 'LOST'] as const) {
        const { lead, append } = await integrationLead(status);
        await append({
          eventType: 'SCHEDULED_TOUR_APPOINTMENT',
          data: { tourDateUTC: new Date(Date.now() + HOUR).toISOString() },
        });
        await append({ eventType: 'SMS', senderType: 'USER', body: 'Checking in' });
        await append({ eventType: 'CANCELED_TOUR_APPOINTMENT' });
        expect((await row(lead.id)).status).toBe(status);
        expect(await statusEvents(lead.id)).toHaveLength(0);
      }
      // Positive control: the same events do move a NEW lead.
      const { lead, append } = await integrationLead();
      await append({
        eventType: 'SCHEDULED_TOUR_APPOINTMENT',
        data: { tourDateUTC: new Date(Date.now() + HOUR).toISOString() },
      });
      expect((await row(lead.id)).status).toBe('TOUR_SCHEDULED');
    });

    it('does not let the integration append the console-only event types', async () => {
      const { lead } = await integrationLead();
      const response = await t.app.inject({
        method: 'POST',
        url: `${integrationPaths.events(`ST-P-${counter}`, `ST-L-${counter}`)}`,
        headers: { authorization: `Bearer ${key}` },
        payload: {
          externalId: 'forged-status',
          date: new Date().toISOString(),
          eventType: 'LEAD_STATUS_CHANGE',
        },
      });
      expect(response.statusCode).toBe(400);
      expect(await statusEvents(lead.id)).toHaveLength(0);
    });
  });

  describe('a past tour asks for its outcome', () => {
    it("is pending once the tour's time has passed, by the server's clock", async () => {
      const toured = await createLead(t.db, office.property, {
        status: 'TOUR_SCHEDULED',
        tourDateUtc: new Date(clock.now().getTime() + HOUR),
      });
      const noShow = await createLead(t.db, office.property, {
        status: 'TOUR_SCHEDULED',
        tourDateUtc: new Date(clock.now().getTime() + HOUR),
      });
      expect((await paneOf(toured)).tourOutcomePending).toBe(false);
      const early = await call<ApiError>('POST', apiPaths.leadTourOutcome(toured.id), admin, {
        outcome: 'TOURED',
      });
      expect(early.status).toBe(409);

      clock.advance(2 * HOUR);
      await signInAgain();
      expect((await paneOf(toured)).tourOutcomePending).toBe(true);

      const done = await call<LeadStatusResponse>(
        'POST',
        apiPaths.leadTourOutcome(toured.id),
        admin,
        { outcome: 'TOURED' },
      );
      expect(done.status).toBe(200);
      expect(done.body.state).toMatchObject({ status: 'TOURED', tourOutcomePending: false });
      expect(done.body.event?.body).toBe('Status: Tour scheduled → Toured');

      const missed = await call<LeadStatusResponse>(
        'POST',
        apiPaths.leadTourOutcome(noShow.id),
        admin,
        { outcome: 'NO_SHOW' },
      );
      expect(missed.body.state).toMatchObject({ status: 'CONTACTED', tourOutcomePending: false });
      expect(missed.body.event).toMatchObject({
        body: 'No-show · Status: Tour scheduled → Contacted',
        data: { tourOutcome: 'NO_SHOW' },
      });
      expect((await paneOf(noShow)).tourOutcomePending).toBe(false);
    });
  });

  describe('lost reasons', () => {
    it('starts every company with the default list', async () => {
      const list = await call<LostReasonList>('GET', apiPaths.lostReasons, agent);
      expect(list.body.items.map((reason) => reason.name)).toEqual([...DEFAULT_LOST_REASONS]);
    });

    it('lets admins add, rename and remove reasons, with audit rows', async () => {
      const added = await call<LostReason>('POST', apiPaths.lostReasons, admin, {
        name: 'Pet policy',
      });
      expect(added.status).toBe(201);
      const duplicate = await call<ApiError>('POST', apiPaths.lostReasons, admin, {
        name: 'pet policy',
      });
      expect(duplicate.status).toBe(409);
      const renamed = await call<LostReason>('PATCH', apiPaths.lostReason(added.body._id), admin, {
        name: 'No pets allowed',
      });
      expect(renamed.body.name).toBe('No pets allowed');

      const lead = await createLead(t.db, office.property);
      expect(
        (await setStatus(lead.id, { status: 'LOST', lostReason: 'No pets allowed' })).status,
      ).toBe(200);
      expect((await call('DELETE', apiPaths.lostReason(added.body._id), admin)).status).toBe(204);
      const names = (await call<LostReasonList>('GET', apiPaths.lostReasons)).body.items.map(
        (reason) => reason.name,
      );
      expect(names).not.toContain('No pets allowed');
      // A lead lost for a removed reason keeps it; the reason is no longer offered.
      expect((await row(lead.id)).lostReason).toBe('No pets allowed');
      const another = await createLead(t.db, office.property);
      expect(
        (await setStatus(another.id, { status: 'LOST', lostReason: 'No pets allowed' })).status,
      ).toBe(400);

      const trail = await t.db
        .select()
        .from(auditLog)
        .where(
          and(eq(auditLog.action, 'lost_reason.changed'), eq(auditLog.targetId, added.body._id)),
        );
      expect(trail.map((entry) => entry.after)).toEqual(
        expect.arrayContaining([{ name: 'Pet policy' }, { name: 'No pets allowed' }, null]),
      );
    });

    it("keeps each company's list to itself and to its admins", async () => {
      const ours = (await call<LostReasonList>('GET', apiPaths.lostReasons)).body.items[0]!;
      expect(
        (await call('PATCH', apiPaths.lostReason(ours._id), otherAdmin, { name: 'Hijacked' }))
          .status,
      ).toBe(404);
      expect((await call('DELETE', apiPaths.lostReason(ours._id), otherAdmin)).status).toBe(404);
      expect(
        (await call('POST', apiPaths.lostReasons, agent, { name: 'Agent reason' })).status,
      ).toBe(403);
      const theirs = (await call<LostReasonList>('GET', apiPaths.lostReasons, otherAdmin)).body;
      expect(theirs.items.map((reason) => reason._id)).not.toContain(ours._id);
      expect((await call<LostReasonList>('GET', apiPaths.lostReasons)).body.items[0]?.name).toBe(
        ours.name,
      );
    });
  });

  describe('the inbox', () => {
    it('filters by one or more statuses', async () => {
      // A fresh company, so the inbox holds only these leads.
      const own = await createOffice(t.db);
      const token = await t.signIn(own.staff.credentials);
      const applied = await createLead(t.db, own.property, { status: 'APPLIED' });
      const leased = await createLead(t.db, own.property, { status: 'LEASED' });
      await createLead(t.db, own.property);
      const ids = async (query: string) =>
        (await call<InboxPage>('GET', `${apiPaths.inbox}${query}`, token)).body.items
          .map((item) => item._id)
          .sort();
      expect(await ids('')).toHaveLength(3);
      expect(await ids('?status=APPLIED')).toEqual([applied.id]);
      expect(await ids('?status=APPLIED,LEASED')).toEqual([applied.id, leased.id].sort());
      const bad = await call<ApiError>('GET', `${apiPaths.inbox}?status=SOLD`, token);
      expect(bad.status).toBe(400);
      expect(bad.body.error.details?.map((detail) => detail.path)).toContain('querystring.status');
    });
  });

  describe('office decisions: outcome and undo', () => {
    const complete = (lead: LeadRow, outcome?: string) =>
      call<OfficeDecisionResponse>('PUT', apiPaths.officeDecision(lead.companyId, lead.id), admin, {
        status: 'COMPLETED',
        isSeenByUser: true,
        ...(outcome === undefined ? {} : { outcome }),
      });
    const reopen = (lead: LeadRow, as = admin) =>
      call<OfficeDecisionResponse & ApiError>(
        'POST',
        apiPaths.officeDecisionReopen(lead.companyId, lead.id),
        as,
      );

    it('stores the outcome on the completion, the lead and the audit row', async () => {
      const lead = await createLead(t.db, office.property, { officeDecisionStatus: 'PENDING' });
      const done = await complete(lead, 'Approved — waive the $180.00 late fee');
      expect(done.status).toBe(200);
      expect(done.body.officeDecisionState.outcome).toBe('Approved — waive the $180.00 late fee');
      expect(done.body.event?.data).toMatchObject({
        status: 'COMPLETED',
        outcome: 'Approved — waive the $180.00 late fee',
      });
      expect((await paneOf(lead)).officeDecisionState?.outcome).toBe(
        'Approved — waive the $180.00 late fee',
      );
      const [audit] = await auditRows(lead.id, 'decision.completed');
      expect(audit?.after).toEqual({ outcome: 'Approved — waive the $180.00 late fee' });

      const plain = await createLead(t.db, office.property, { officeDecisionStatus: 'PENDING' });
      const without = await complete(plain);
      expect(without.body.officeDecisionState.outcome).toBeNull();
      expect(without.body.event?.data.outcome).toBeUndefined();
    });

    it('reopens a decision within a minute of completing it, and not after', async () => {
      const lead = await createLead(t.db, office.property, { officeDecisionStatus: 'PENDING' });
      await complete(lead, 'Denied');
      clock.advance(50_000);
      const undone = await reopen(lead);
      expect(undone.status).toBe(200);
      expect(undone.body.officeDecisionState).toMatchObject({
        status: 'PENDING',
        completedAt: null,
        outcome: null,
      });
      expect(undone.body.event).toMatchObject({
        eventType: 'DECISION_REOPENED',
        body: 'Decision reopened',
        eventByUserName: 'Dana Whitfield',
      });
      expect(await auditRows(lead.id, 'decision.reopened')).toHaveLength(1);
      expect((await reopen(lead)).status).toBe(409);

      await complete(lead);
      clock.advance(61_000);
      await signInAgain();
      const late = await reopen(lead);
      expect(late.status).toBe(409);
      expect(late.body.error.message).toMatch(/one minute/);
      expect((await row(lead.id)).officeDecisionStatus).toBe('COMPLETED');
      expect(await auditRows(lead.id, 'decision.reopened')).toHaveLength(1);
    });

    it("answers 403 for another company's decision", async () => {
      const theirs = await createLead(t.db, other.property, { officeDecisionStatus: 'COMPLETED' });
      expect((await reopen(theirs)).status).toBe(403);
      const ours = await createLead(t.db, office.property, { officeDecisionStatus: 'PENDING' });
      await complete(ours);
      const response = await t.request(
        'POST',
        apiPaths.officeDecisionReopen(ours.companyId, ours.id),
        { as: otherAdmin },
      );
      expect(response.status).toBe(403);
      expect((await row(ours.id)).officeDecisionStatus).toBe('COMPLETED');
    });
  });

  it('lists the status changes on the timeline the pane reads', async () => {
    const lead = await createLead(t.db, office.property);
    await setStatus(lead.id, { status: 'CONTACTED' });
    const events = (await paneOf(lead)).conversations as ConversationEvent[];
    expect(events.map((event) => event.eventType)).toContain('LEAD_STATUS_CHANGE');
  });
});

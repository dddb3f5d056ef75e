import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  apiKeyScopes,
  apiPaths,
  integrationPaths,
  type AssignmentRule,
  type BulkAssignResponse,
  type CreatedApiKey,
  type InboxPage,
  type IntegrationLead,
  type LeadSummary,
  type StaffMember,
} from '@leasing/contract';
import {
  auditLog,
  conversationEvents,
  leads,
  users,
  type LeadRow,
  type PropertyRow,
} from '../../db/schema/index.js';
import { createLead, createOffice, createProperty, createUser } from '../../test/factories.js';
import { oneDatabase } from '../../test/test-app.js';
import { useTestApp } from '../../test/use-test-app.js';

type ErrorBody = { error: { code: string; message: string; details?: { path: string }[] } };

describe.each(oneDatabase())('lead owners on $name', (target) => {
  const t = useTestApp(target, { seed: 'none' });
  let property: PropertyRow;
  let companyId: string;
  let dana: { id: string; token: string }; // admin
  let marcus: { id: string; token: string }; // manager
  let priya: { id: string; token: string }; // agent
  let alex: { id: string; token: string }; // agent
  let retired: string; // a deactivated agent
  let olivia: { id: string; token: string }; // another company's admin
  let oliviaLead: LeadRow;

  const person = async (role: 'admin' | 'manager' | 'agent', name: string) => {
    const { user, credentials } = await createUser(t.db, companyId, { role, name });
    return { id: user.id, token: await t.signIn(credentials) };
  };

  const assign = (leadId: string, owner: Record<string, unknown>, as: string) =>
    t.request<LeadSummary & ErrorBody>('PUT', apiPaths.leadOwner(leadId), {
      as,
      payload: { owner },
    });
  const me = (who: { id: string }) => ({ kind: 'user', userId: who.id });
  const row = async (id: string) => (await t.db.select().from(leads).where(eq(leads.id, id)))[0]!;
  const ownerEvents = (leadId: string) =>
    t.db
      .select()
      .from(conversationEvents)
      .where(
        and(
          eq(conversationEvents.leadId, leadId),
          eq(conversationEvents.eventType, 'OWNER_CHANGED'),
        ),
      );

  beforeAll(async () => {
    const office = await createOffice(t.db, { staff: { name: 'Dana Whitfield' } });
    property = office.property;
    companyId = office.company.id;
    dana = { id: office.staff.user.id, token: await t.signIn(office.staff.credentials) };
    marcus = await person('manager', 'Marcus Reed');
    priya = await person('agent', 'Priya Shah');
    alex = await person('agent', 'Alex Kim');
    retired = (
      await createUser(t.db, companyId, { role: 'agent', name: 'Gone', deactivatedAt: new Date() })
    ).user.id;
    const harbor = await createOffice(t.db, { staff: { name: 'Olivia Chen' } });
    olivia = { id: harbor.staff.user.id, token: await t.signIn(harbor.staff.credentials) };
    oliviaLead = await createLead(t.db, harbor.property, { name: 'Harbor Lead' });
  });

  it('lets an agent take an unassigned lead: the owner, a timeline event and an audit row', async () => {
    const lead = await createLead(t.db, property, { name: 'Jordan Prospect' });
    expect((await row(lead.id)).ownerKind).toBe('unassigned');

    const response = await assign(lead.id, me(priya), priya.token);

    expect(response.status).toBe(200);
    expect(response.body.owner).toEqual({ kind: 'user', userId: priya.id, name: 'Priya Shah' });
    const stored = await row(lead.id);
    expect(stored).toMatchObject({
      ownerKind: 'user',
      ownerUserId: priya.id,
      ownerName: 'Priya Shah',
    });
    const [event] = await ownerEvents(lead.id);
    expect(event?.body).toBe('Assigned to Priya Shah by Priya Shah');
    expect(event?.data).toMatchObject({ previousOwner: { kind: 'unassigned' } });
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.leadId, lead.id), eq(auditLog.action, 'lead.assigned')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorUserId: priya.id,
      before: { owner: { kind: 'unassigned' } },
    });
  });

  it('names who assigned whom on the timeline when a manager reassigns', async () => {
    const lead = await createLead(t.db, property, {
      ownerKind: 'user',
      ownerUserId: priya.id,
      ownerName: 'Priya Shah',
    });
    const response = await assign(lead.id, me(alex), marcus.token);
    expect(response.status).toBe(200);
    expect((await ownerEvents(lead.id)).map((event) => event.body)).toEqual([
      'Assigned to Alex Kim by Marcus Reed',
    ]);
  });

  it('does not let an agent take or give away a colleague’s lead, and changes nothing', async () => {
    const lead = await createLead(t.db, property, {
      ownerKind: 'user',
      ownerUserId: alex.id,
      ownerName: 'Alex Kim',
    });
    // Positive control: the owner may hand it on.
    const handedOn = await createLead(t.db, property, {
      ownerKind: 'user',
      ownerUserId: alex.id,
      ownerName: 'Alex Kim',
    });
    expect((await assign(handedOn.id, me(priya), alex.token)).status).toBe(200);

    const taken = await assign(lead.id, me(priya), priya.token);
    expect(taken.status).toBe(403);
    expect(taken.body.error.message).toBe(
      "Only managers and admins can reassign a colleague's lead.",
    );
    const unassigned = await assign(lead.id, { kind: 'unassigned' }, priya.token);
    expect(unassigned.status).toBe(403);
    expect(await row(lead.id)).toMatchObject({ ownerKind: 'user', ownerUserId: alex.id });
    expect(await ownerEvents(lead.id)).toHaveLength(0);
  });

  it('lets an agent take an unassigned lead only for themselves', async () => {
    const lead = await createLead(t.db, property);
    const forAlex = await assign(lead.id, me(alex), priya.token);
    expect(forAlex.status).toBe(403);
    expect((await row(lead.id)).ownerKind).toBe('unassigned');
    expect((await assign(lead.id, me(priya), priya.token)).status).toBe(200);
  });

  it('hands a lead to the assistant and back', async () => {
    const lead = await createLead(t.db, property, {
      ownerKind: 'user',
      ownerUserId: priya.id,
      ownerName: 'Priya Shah',
    });
    const handedBack = await assign(lead.id, { kind: 'assistant' }, priya.token);
    expect(handedBack.status).toBe(200);
    expect(handedBack.body.owner).toEqual({ kind: 'assistant' });
    // An agent takes over from the assistant.
    const taken = await assign(lead.id, me(alex), alex.token);
    expect(taken.status).toBe(200);
    expect((await ownerEvents(lead.id)).map((event) => event.body).sort()).toEqual([
      'Assigned to Alex Kim by Alex Kim',
      'Handed to the assistant by Priya Shah',
    ]);
  });

  it('changes nothing when the lead already has that owner', async () => {
    const lead = await createLead(t.db, property);
    expect((await assign(lead.id, me(dana), dana.token)).status).toBe(200);
    expect((await assign(lead.id, me(dana), dana.token)).status).toBe(200);
    expect(await ownerEvents(lead.id)).toHaveLength(1);
  });

  it('refuses an owner who is not an active member of the team, naming the field', async () => {
    const lead = await createLead(t.db, property);
    for (const userId of [retired, olivia.id]) {
      const response = await assign(lead.id, { kind: 'user', userId }, dana.token);
      expect(response.status).toBe(400);
      expect(response.body.error.details?.map((detail) => detail.path)).toEqual([
        'body.owner.userId',
      ]);
    }
    const bad = await assign(lead.id, { kind: 'robot' }, dana.token);
    expect(bad.status).toBe(400);
    expect((await row(lead.id)).ownerKind).toBe('unassigned');
  });

  it("keeps another company's lead out of reach", async () => {
    const response = await assign(oliviaLead.id, me(dana), dana.token);
    expect([403, 404]).toContain(response.status);
    expect((await row(oliviaLead.id)).ownerKind).toBe('unassigned');
    const bulk = await t.request('POST', apiPaths.leadsOwner, {
      as: dana.token,
      payload: { leadIds: [oliviaLead.id], owner: me(dana) },
    });
    expect(bulk.status).toBe(404);
    expect((await row(oliviaLead.id)).ownerKind).toBe('unassigned');
  });

  it('assigns several leads at once, all or nothing', async () => {
    const free = await createLead(t.db, property);
    const alsoFree = await createLead(t.db, property);
    const alexs = await createLead(t.db, property, {
      ownerKind: 'user',
      ownerUserId: alex.id,
      ownerName: 'Alex Kim',
    });
    const refused = await t.request<ErrorBody>('POST', apiPaths.leadsOwner, {
      as: priya.token,
      payload: { leadIds: [free.id, alsoFree.id, alexs.id], owner: me(priya) },
    });
    expect(refused.status).toBe(403);
    expect((await row(free.id)).ownerKind).toBe('unassigned');

    const done = await t.request<BulkAssignResponse>('POST', apiPaths.leadsOwner, {
      as: marcus.token,
      payload: { leadIds: [free.id, alsoFree.id, alexs.id], owner: me(priya) },
    });
    expect(done.status).toBe(200);
    expect(done.body.changed).toBe(3);
    for (const id of [free.id, alsoFree.id, alexs.id])
      expect((await row(id)).ownerUserId).toBe(priya.id);

    const empty = await t.request<ErrorBody>('POST', apiPaths.leadsOwner, {
      as: marcus.token,
      payload: { leadIds: [], owner: me(priya) },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.error.details?.[0]?.path).toBe('body.leadIds');
  });

  it("filters the inbox by owner: 'Mine', 'Unassigned', 'Assistant', 'All'", async () => {
    const scoped = await createProperty(t.db, companyId, { name: 'Views' });
    const mine = await createLead(t.db, scoped, {
      name: 'Mine 1',
      ownerKind: 'user',
      ownerUserId: alex.id,
      ownerName: 'Alex Kim',
    });
    const nobody = await createLead(t.db, scoped, { name: 'Nobody 1' });
    const bot = await createLead(t.db, scoped, { name: 'Bot 1', ownerKind: 'assistant' });
    const others = await createLead(t.db, scoped, {
      name: 'Priya 1',
      ownerKind: 'user',
      ownerUserId: priya.id,
      ownerName: 'Priya Shah',
    });
    const view = async (name: string) => {
      const response = await t.request<InboxPage>(
        'GET',
        `${apiPaths.inbox}?propertyId=${scoped.id}&view=${name}`,
        { as: alex.token },
      );
      expect(response.status).toBe(200);
      return response.body.items.map((item) => item._id).sort();
    };
    expect(await view('all')).toEqual([mine.id, nobody.id, bot.id, others.id].sort());
    expect(await view('mine')).toEqual([mine.id]);
    expect(await view('unassigned')).toEqual([nobody.id]);
    expect(await view('assistant')).toEqual([bot.id]);
    const items = (
      await t.request<InboxPage>('GET', `${apiPaths.inbox}?propertyId=${scoped.id}&view=mine`, {
        as: alex.token,
      })
    ).body.items;
    expect(items[0]?.owner).toEqual({ kind: 'user', userId: alex.id, name: 'Alex Kim' });
    const bad = await t.request<ErrorBody>('GET', `${apiPaths.inbox}?view=theirs`, {
      as: alex.token,
    });
    expect(bad.status).toBe(400);
  });

  it('lists the active people of the caller’s company for owner pickers', async () => {
    const response = await t.request<StaffMember[]>('GET', apiPaths.staff, { as: priya.token });
    expect(response.status).toBe(200);
    const names = response.body.map((member) => member.name);
    expect(names).toEqual(expect.arrayContaining(['Alex Kim', 'Dana Whitfield', 'Priya Shah']));
    expect(names).not.toContain('Gone');
    expect(names).not.toContain('Olivia Chen');
  });

  describe('automatic assignment', () => {
    let key: string;
    let counter = 0;
    const newLead = async (pmsPropertyId: string, body: Record<string, unknown> = {}) => {
      counter += 1;
      const response = await t.request<IntegrationLead & ErrorBody>(
        'PUT',
        integrationPaths.lead(pmsPropertyId, `AUTO-${counter}`),
        { as: key, payload: { name: `Auto ${counter}`, ...body } },
      );
      return response;
    };
    const rule = (propertyId: string, payload: Record<string, unknown>, as = dana.token) =>
      t.request<AssignmentRule & ErrorBody>('PUT', apiPaths.propertyAssignment(propertyId), {
        as,
        payload,
      });

    beforeAll(async () => {
      key = (
        await t.request<CreatedApiKey>('POST', apiPaths.apiKeys, {
          as: dana.token,
          payload: { name: 'Assistant', scopes: [...apiKeyScopes] },
        })
      ).body.key;
    });

    it('gives new leads round robin to the chosen people who are signed in', async () => {
      const robin = await createProperty(t.db, companyId, { pmsPropertyId: 'ROBIN' });
      // Nobody is chosen yet: a new lead stays unassigned.
      const before = await newLead('ROBIN');
      expect(before.status).toBe(201);
      expect(before.body.owner).toEqual({ kind: 'unassigned' });

      // Alex and Priya signed in (beforeAll); a chosen agent who never signed in is skipped.
      const neverSignedIn = (await createUser(t.db, companyId, { role: 'agent' })).user.id;
      const saved = await rule(robin.id, {
        roundRobin: true,
        agentIds: [alex.id, priya.id, neverSignedIn],
      });
      expect(saved.status).toBe(200);

      const owners: string[] = [];
      for (let i = 0; i < 4; i += 1) {
        const created = await newLead('ROBIN');
        expect(created.status).toBe(201);
        expect(created.body.assistantActive).toBe(false);
        owners.push(created.body.owner.kind === 'user' ? created.body.owner.name : 'none');
      }
      expect(new Set(owners.slice(0, 2))).toEqual(new Set(['Alex Kim', 'Priya Shah']));
      expect(owners.slice(2)).toEqual(owners.slice(0, 2));
      const [event] = await ownerEvents((await newLead('ROBIN')).body._id);
      expect(event?.body).toMatch(/^Assigned to (Alex Kim|Priya Shah)$/);
    });

    it('leaves a new lead unassigned when nobody of the rule is signed in, or the rule is off', async () => {
      const quiet = await createProperty(t.db, companyId, { pmsPropertyId: 'QUIET' });
      const neverSignedIn = (await createUser(t.db, companyId, { role: 'agent' })).user.id;
      expect((await rule(quiet.id, { roundRobin: true, agentIds: [neverSignedIn] })).status).toBe(
        200,
      );
      expect((await newLead('QUIET')).body.owner).toEqual({ kind: 'unassigned' });
      // Positive control: with a signed-in person on the rule the same property assigns.
      expect((await rule(quiet.id, { roundRobin: true, agentIds: [alex.id] })).status).toBe(200);
      expect((await newLead('QUIET')).body.owner).toMatchObject({ kind: 'user', userId: alex.id });
      expect((await rule(quiet.id, { roundRobin: false, agentIds: [alex.id] })).status).toBe(200);
      expect((await newLead('QUIET')).body.owner).toEqual({ kind: 'unassigned' });
    });

    it('takes the owner the integration names: a staff email, the assistant, or nobody', async () => {
      await createProperty(t.db, companyId, { pmsPropertyId: 'NAMED' });
      const malformed = await newLead('NAMED', { owner: { staffEmail: 'not an email' } });
      expect(malformed.status).toBe(400);

      const [priyaRow] = await t.db.select().from(users).where(eq(users.id, priya.id));
      const priyaEmail = priyaRow?.email;
      const named = await newLead('NAMED', { owner: { staffEmail: priyaEmail!.toUpperCase() } });
      expect(named.status).toBe(201);
      expect(named.body.owner).toEqual({ kind: 'user', userId: priya.id, name: 'Priya Shah' });
      expect(named.body.assistantActive).toBe(false);

      const toBot = await t.request<IntegrationLead>(
        'PUT',
        integrationPaths.lead('NAMED', `AUTO-${counter}`),
        { as: key, payload: { name: 'Renamed', owner: 'assistant' } },
      );
      expect(toBot.status).toBe(200);
      expect(toBot.body.owner).toEqual({ kind: 'assistant' });
      expect(toBot.body.assistantActive).toBe(true);

      const stranger = await newLead('NAMED', { owner: { staffEmail: 'nobody@example.test' } });
      expect(stranger.status).toBe(400);
      expect(stranger.body.error.details?.[0]?.path).toBe('body.owner.staffEmail');
    });

    it('lets managers and admins change a rule, and only with their own people', async () => {
      const only = await createProperty(t.db, companyId);
      expect(
        (await rule(only.id, { roundRobin: true, agentIds: [alex.id] }, priya.token)).status,
      ).toBe(403);
      const foreign = await rule(only.id, { roundRobin: true, agentIds: [olivia.id] });
      expect(foreign.status).toBe(400);
      expect(foreign.body.error.details?.[0]?.path).toBe('body.agentIds.0');
      const listed = await t.request<AssignmentRule[]>('GET', apiPaths.assignmentRules, {
        as: marcus.token,
      });
      expect(listed.status).toBe(200);
      expect(listed.body.find((entry) => entry.propertyId === only.id)).toEqual({
        propertyId: only.id,
        propertyName: only.name,
        roundRobin: false,
        agentIds: [],
      });
      // A manager keeps the team's assignment: the same change goes through for Marcus.
      const byManager = await rule(
        only.id,
        { roundRobin: true, agentIds: [alex.id] },
        marcus.token,
      );
      expect(byManager.status).toBe(200);
      expect(byManager.body).toMatchObject({ roundRobin: true, agentIds: [alex.id] });
    });
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, type ApiError, type InboxPage, type Workload } from '@leasing/contract';
import type { LeadRow, PropertyRow } from '../../db/schema/index.js';
import {
  createConversationEvent,
  createLead,
  createOffice,
  createProperty,
  createUser,
  type CreateLeadOptions,
} from '../../test/factories.js';
import { everyDatabase } from '../../test/test-app.js';
import { createTestClock } from '../../test/test-clock.js';
import { useTestApp } from '../../test/use-test-app.js';

const HOUR = 3_600_000;
const MORNING = Date.parse('2026-11-25T15:00:00Z');

describe.each(everyDatabase())("the team's workload on $name", (target) => {
  const clock = createTestClock();
  const t = useTestApp(target, { seed: 'none', now: clock.now });
  let main: PropertyRow;
  let annex: PropertyRow;
  let theirProperty: PropertyRow;
  let manager: string;
  let agent: string;
  const people: Record<string, { id: string; name: string }> = {};

  const at = (offsetHours: number) => new Date(clock.now().getTime() + offsetHours * HOUR);
  const lead = (
    owner: { id: string; name: string } | 'unassigned' | 'assistant',
    options: CreateLeadOptions = {},
    property = main,
  ) =>
    createLead(t.db, property, {
      lastActivityAt: at(-100),
      ...(typeof owner === 'string' ? { ownerKind: owner } : { owner }),
      ...options,
    });
  /** When each lead wrote, by hours ago: the waiting times the workload must report. */
  const wroteAt = new Map<number, string>();
  const wrote = (row: LeadRow, hoursAgo: number) => {
    const date = at(-hoursAgo);
    wroteAt.set(hoursAgo, date.toISOString());
    return createConversationEvent(t.db, row, { eventType: 'SMS', senderType: 'LEAD', date });
  };
  const workload = (as: string, query = '') =>
    t.request<Workload>('GET', `${apiPaths.workload}${query}`, { as });

  beforeAll(async () => {
    clock.advance(MORNING - Date.now());
    const office = await createOffice(t.db, { company: { timeZone: 'America/New_York' } });
    main = office.property;
    annex = await createProperty(t.db, office.company.id);
    const person = async (role: 'manager' | 'agent', name: string, deactivated = false) => {
      const created = await createUser(t.db, office.company.id, {
        role,
        name,
        deactivatedAt: deactivated ? at(-1) : null,
      });
      people[name] = { id: created.user.id, name };
      return created;
    };
    manager = await t.signIn((await person('manager', 'Marcus Reed')).credentials);
    agent = await t.signIn((await person('agent', 'Alex Kim')).credentials);
    await person('agent', 'Priya Shah');
    await person('agent', 'Gone Away', true);
    await person('agent', 'Retired Quietly', true);
    people['Admin'] = { id: office.staff.user.id, name: office.staff.user.name };

    const alex = people['Alex Kim']!;
    await wrote(await lead(alex), 5);
    await wrote(await lead(alex), 1);
    await lead(alex, { followUpAt: at(-2) });
    await lead(alex, { officeDecisionStatus: 'PENDING' });
    await lead(alex, { followUpAt: at(3) });
    // Closed leads are no one's work any more.
    await wrote(await lead(alex, { status: 'LEASED' }), 8);
    await wrote(await lead(alex, { status: 'LOST' }), 8);
    await lead(people['Priya Shah']!, {}, annex);
    await wrote(await lead(people['Gone Away']!), 3);
    await wrote(await lead('unassigned'), 2);
    await lead('unassigned');
    await lead('assistant');

    // Another company's leads and people count nowhere here.
    const theirs = await createOffice(t.db);
    theirProperty = theirs.property;
    const stranger = await createUser(t.db, theirs.company.id, { role: 'agent', name: 'Stranger' });
    people['Stranger'] = { id: stranger.user.id, name: 'Stranger' };
    await wrote(await lead(people['Stranger']!, {}, theirs.property), 9);
    await wrote(await lead('unassigned', {}, theirs.property), 9);
  });

  it("gives a manager each person's open, waiting and due leads, most waiting first", async () => {
    const response = await workload(manager);
    expect(response.status).toBe(200);
    const { members, unassigned, assistant } = response.body;
    expect(
      members.map((member) => [
        member.name,
        member.openLeads,
        member.needsReply,
        member.followUpsDue,
        member.openDecisions,
        member.deactivated,
      ]),
    ).toEqual([
      ['Alex Kim', 5, 2, 1, 1, false],
      ['Gone Away', 1, 1, 0, 0, true],
      ['Priya Shah', 1, 0, 0, 0, false],
      ...[people['Admin']!.name, 'Marcus Reed']
        .sort((a, b) => a.localeCompare(b))
        .map((name) => [name, 0, 0, 0, 0, false]),
    ]);
    // The longest wait is the lead who wrote five hours ago; none waits for Priya.
    expect(members[0]!.oldestWaitingSince).toBe(wroteAt.get(5));
    expect(members[2]!.oldestWaitingSince).toBeNull();
    expect(unassigned).toMatchObject({ openLeads: 2, needsReply: 1 });
    expect(unassigned.oldestWaitingSince).toBe(wroteAt.get(2));
    expect(assistant).toMatchObject({ openLeads: 1, needsReply: 0 });
    // A deactivated person holding nothing is not listed; nobody of another company is.
    expect(members.map((member) => member.name)).not.toContain('Retired Quietly');
    expect(members.map((member) => member.name)).not.toContain('Stranger');
  });

  it('narrows to one property, and answers another company’s property as unknown', async () => {
    const annexOnly = await workload(manager, `?propertyId=${annex.id}`);
    expect(annexOnly.status).toBe(200);
    const counts = Object.fromEntries(
      annexOnly.body.members.map((member) => [member.name, member.openLeads]),
    );
    expect(counts).toMatchObject({ 'Priya Shah': 1, 'Alex Kim': 0 });
    expect(annexOnly.body.unassigned.openLeads).toBe(0);

    const foreign = await t.request<ApiError>(
      'GET',
      `${apiPaths.workload}?propertyId=${theirProperty.id}`,
      { as: manager },
    );
    expect(foreign.status).toBe(404);
    const bad = await t.request<ApiError>('GET', `${apiPaths.workload}?propertyId=nope`, {
      as: manager,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details?.map((detail) => detail.path)).toContain(
      'querystring.propertyId',
    );
  });

  it('is closed to agents', async () => {
    expect((await workload(agent)).status).toBe(403);
  });

  it("lists one person's leads in the inbox, and nobody's of another company", async () => {
    const inboxOf = async (ownerId: string) => {
      const response = await t.request<InboxPage>(
        'GET',
        `${apiPaths.inbox}?ownerId=${ownerId}&status=NEW,CONTACTED,TOUR_SCHEDULED,TOURED,APPLIED`,
        { as: manager },
      );
      expect(response.status).toBe(200);
      return response.body.items;
    };
    const alexs = await inboxOf(people['Alex Kim']!.id);
    expect(alexs).toHaveLength(5);
    const alexId = people['Alex Kim']!.id;
    expect(
      alexs.filter((item) => item.owner.kind === 'user' && item.owner.userId === alexId),
    ).toEqual(alexs);
    expect(await inboxOf(people['Stranger']!.id)).toEqual([]);
  });
});
